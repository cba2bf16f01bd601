import { Typography } from '@mui/material';
import { CHART_DATA_FIGURES, figureHint, STATS_FIGURES, type ChartDataType } from '@console/contracts';
import { HintedLabel } from '../text/HintedLabel';

/** A chart's title: the data types it draws, each with its figure's formula in a tooltip. */
export function ChartTitle({ dataTypes }: { dataTypes: readonly ChartDataType[] }) {
  return (
    <Typography variant="subtitle2" component="h2" sx={{ px: 1, display: 'flex', gap: 1.5 }}>
      {dataTypes.map((dataType) => {
        const figure = STATS_FIGURES[CHART_DATA_FIGURES[dataType]];
        return (
          <HintedLabel key={dataType} hint={figureHint(figure)}>
            {dataType}
          </HintedLabel>
        );
      })}
    </Typography>
  );
}
