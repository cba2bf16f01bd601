import { TextField } from '@mui/material';

/**
 * A small date, date-and-time or month field of a filter bar, its label always above the value (an empty
 * date input still shows the browser's own placeholder, which an inline label would cover).
 */
export function DateField({ type, label, value, onChange }: { type: 'date' | 'datetime-local' | 'month'; label: string; value: string; onChange: (value: string) => void }) {
  return <TextField size="small" type={type} label={label} value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />;
}
