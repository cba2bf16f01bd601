import { Box, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { STRATEGY_WIZARD_UI, type ExitMode } from '@console/contracts';
import { FieldGrid, NumberInput, type WizardForm } from './fields';
import { blankEnterOrder, blankExitDistance, blankExitTimer, resizeRows, withExitMode } from './wizard-model';

const O = 'order_management_settings';

/** A quantity input and the rows it makes: typing 3 shows three rows, 1 keeps the first. */
function QuantityRows({
  form,
  quantity,
  quantityLabel,
  list,
  blank,
  columns,
}: {
  form: WizardForm;
  quantity: string;
  quantityLabel: string;
  list: string;
  blank: () => Record<string, string>;
  columns: readonly (readonly [string, string])[];
}) {
  const rows = (useWatch({ control: form.control, name: `${O}.${list}` }) as unknown[] | undefined) ?? [];
  const resize = (value: string) => form.setValue(`${O}.${list}`, resizeRows(form.getValues(`${O}.${list}`) as Record<string, string>[], value, blank));
  return (
    <Stack spacing={0.5}>
      <Box sx={{ maxWidth: 260 }}>
        <NumberInput form={form} name={`${O}.${quantity}`} label={quantityLabel} onValue={resize} />
      </Box>
      {rows.map((_, i) => (
        <Box key={i} data-testid={`${list}-row`} sx={{ pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
            #{i + 1}
          </Typography>
          <FieldGrid>
            {columns.map(([field, label]) => (
              <NumberInput key={field} form={form} name={`${O}.${list}.${i}.${field}`} label={label} />
            ))}
          </FieldGrid>
        </Box>
      ))}
    </Stack>
  );
}

/** Order management: enter orders, exit orders and the exit rule with its rows. */
export function OrderManagementStep({ form }: { form: WizardForm }) {
  const direction = useWatch({ control: form.control, name: 'signal_settings.price_direction' }) as string;
  const mode = (useWatch({ control: form.control, name: `${O}.exit_mode` }) as ExitMode | undefined) ?? 'none';
  const chooseMode = (next: ExitMode) => {
    const block = withExitMode(form.getValues(O) as Record<string, unknown>, next);
    for (const [key, value] of Object.entries(block)) form.setValue(`${O}.${key}`, value);
    form.clearErrors([`${O}.exists_time_quantity`, `${O}.exists_distance_quantity`]);
  };
  return (
    <Stack spacing={2}>
      <FieldGrid>
        {direction === 'fall' && <NumberInput form={form} name={`${O}.future_price_coefficient`} label="Future price" />}
        <NumberInput form={form} name={`${O}.atr_timer`} label="ATR timer" />
        <NumberInput form={form} name={`${O}.change_of_atr_percentage`} label="Change of ATR (%)" />
        <NumberInput form={form} name={`${O}.exit_order_place_coefficient`} label="Exit order place" />
        <NumberInput form={form} name={`${O}.size_timer_minutes`} label="Size timer (min)" />
        <NumberInput form={form} name={`${O}.high_low_change_percentage`} label="High/low change (%)" />
        <NumberInput form={form} name={`${O}.high_low_change_timer`} label="High/low change timer (min)" />
      </FieldGrid>
      <QuantityRows
        form={form}
        quantity="orders_quantity"
        quantityLabel="Quantity of orders"
        list="enter_orders"
        blank={blankEnterOrder}
        columns={[
          ['atr_distance_coefficient', 'Distance'],
          ['size_percent', 'Size (%)'],
          ['timer_minutes', 'ROC timer (min)'],
        ]}
      />
      <Box>
        <FormLabel id="exit-rule-label">Exit rule</FormLabel>
        <RadioGroup row aria-labelledby="exit-rule-label" value={mode} onChange={(event) => chooseMode(event.target.value as ExitMode)}>
          {Object.entries(STRATEGY_WIZARD_UI.exitModes).map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={label} />
          ))}
        </RadioGroup>
      </Box>
      {(mode === 'time' || mode === 'both') && (
        <QuantityRows
          form={form}
          quantity="exists_time_quantity"
          quantityLabel="Exit quantity by time"
          list="exit_timer_coeff_settings"
          blank={blankExitTimer}
          columns={[
            ['change_exit_timer_minutes', 'Timer (min)'],
            ['change_exit_coefficient_by_time', 'Coefficient'],
          ]}
        />
      )}
      {(mode === 'distance' || mode === 'both') && (
        <QuantityRows
          form={form}
          quantity="exists_distance_quantity"
          quantityLabel="Exit quantity by distance"
          list="exit_d_threshold_settings"
          blank={blankExitDistance}
          columns={[
            ['change_exit_d_threshold_by_distance', 'Threshold'],
            ['change_exit_coefficient_by_distance', 'Coefficient'],
          ]}
        />
      )}
    </Stack>
  );
}
