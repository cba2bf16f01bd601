import { Box, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { isExitMode, STRATEGY_WIZARD_UI, type ExitMode } from '@console/contracts';
import { FieldGrid, NumberInput, type TextPath, type WizardForm } from './fields';
import { blankEnterOrder, blankExitDistance, blankExitTimer, resizeRows, withExitMode } from './wizard-model';

const O = 'order_management_settings';

/** A quantity input and the rows it makes: typing 3 shows three rows, 1 keeps the first. */
function QuantityRows({
  form,
  quantity,
  quantityLabel,
  list,
  onQuantity,
  columns,
}: {
  form: WizardForm;
  quantity: TextPath;
  quantityLabel: string;
  list: 'enter_orders' | 'exit_timer_coeff_settings' | 'exit_d_threshold_settings';
  /** Resizes the list to the quantity typed. */
  onQuantity: (value: string) => void;
  /** A row's inputs: its field and label. */
  columns: (row: number) => readonly (readonly [TextPath, string])[];
}) {
  const rows = useWatch({ control: form.control, name: `${O}.${list}` });
  return (
    <Stack spacing={0.5}>
      <Box sx={{ maxWidth: 260 }}>
        <NumberInput form={form} name={quantity} label={quantityLabel} onValue={onQuantity} />
      </Box>
      {rows.map((_, i) => (
        <Box key={i} data-testid={`${list}-row`} sx={{ pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
            #{i + 1}
          </Typography>
          <FieldGrid>
            {columns(i).map(([name, label]) => (
              <NumberInput key={name} form={form} name={name} label={label} />
            ))}
          </FieldGrid>
        </Box>
      ))}
    </Stack>
  );
}

/** Order management: enter orders, exit orders and the exit rule with its rows. */
export function OrderManagementStep({ form }: { form: WizardForm }) {
  const direction = useWatch({ control: form.control, name: 'signal_settings.price_direction' });
  const mode = useWatch({ control: form.control, name: `${O}.exit_mode` });
  const chooseMode = (next: ExitMode) => {
    form.setValue(O, withExitMode(form.getValues(O), next));
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
        quantity={`${O}.orders_quantity`}
        quantityLabel="Quantity of orders"
        list="enter_orders"
        onQuantity={(value) => form.setValue(`${O}.enter_orders`, resizeRows(form.getValues(`${O}.enter_orders`), value, blankEnterOrder))}
        columns={(i) => [
          [`${O}.enter_orders.${i}.atr_distance_coefficient`, 'Distance'],
          [`${O}.enter_orders.${i}.size_percent`, 'Size (%)'],
          [`${O}.enter_orders.${i}.timer_minutes`, 'ROC timer (min)'],
        ]}
      />
      <Box>
        <FormLabel id="exit-rule-label">Exit rule</FormLabel>
        <RadioGroup row aria-labelledby="exit-rule-label" value={mode} onChange={(event) => isExitMode(event.target.value) && chooseMode(event.target.value)}>
          {Object.entries(STRATEGY_WIZARD_UI.exitModes).map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={label} />
          ))}
        </RadioGroup>
      </Box>
      {(mode === 'time' || mode === 'both') && (
        <QuantityRows
          form={form}
          quantity={`${O}.exists_time_quantity`}
          quantityLabel="Exit quantity by time"
          list="exit_timer_coeff_settings"
          onQuantity={(value) => form.setValue(`${O}.exit_timer_coeff_settings`, resizeRows(form.getValues(`${O}.exit_timer_coeff_settings`), value, blankExitTimer))}
          columns={(i) => [
            [`${O}.exit_timer_coeff_settings.${i}.change_exit_timer_minutes`, 'Timer (min)'],
            [`${O}.exit_timer_coeff_settings.${i}.change_exit_coefficient_by_time`, 'Coefficient'],
          ]}
        />
      )}
      {(mode === 'distance' || mode === 'both') && (
        <QuantityRows
          form={form}
          quantity={`${O}.exists_distance_quantity`}
          quantityLabel="Exit quantity by distance"
          list="exit_d_threshold_settings"
          onQuantity={(value) => form.setValue(`${O}.exit_d_threshold_settings`, resizeRows(form.getValues(`${O}.exit_d_threshold_settings`), value, blankExitDistance))}
          columns={(i) => [
            [`${O}.exit_d_threshold_settings.${i}.change_exit_d_threshold_by_distance`, 'Threshold'],
            [`${O}.exit_d_threshold_settings.${i}.change_exit_coefficient_by_distance`, 'Coefficient'],
          ]}
        />
      )}
    </Stack>
  );
}
