import { useApiClient } from '../../../api/context';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import { riskGroupSource } from '../api/risk-controls';

/** The group multi-select: strategy profiles by title, searched and paged. */
export function GroupSelect({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const client = useApiClient();
  return (
    <PagingPicker
      {...riskGroupSource(client)}
      multiple
      size="medium"
      label="Group"
      placeholder="Strategy profiles"
      value={value}
      onChange={(options) => onChange(options.map((option) => option.id))}
      inputProps={{ margin: 'dense' }}
      testId="risk-group-picker"
    />
  );
}
