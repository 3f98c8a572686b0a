import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { NutrientsTable } from '../../../components/nutrients-table';
import { useDayNutrientsQuery } from '../api';

/**
 * The day's vitamins, minerals and fats against the DRI for the user's age and sex (issue 11 §3). Closed at
 * first and fetched only when opened: most visits to the food log are to log, not to audit.
 */
export function DayNutrientsCard({ date }: { date: string }) {
  const [open, setOpen] = useState(false);
  const { data, isError } = useDayNutrientsQuery(date, { skip: !open });
  return (
    <Accordion expanded={open} onChange={(_, v) => setOpen(v)} disableGutters component="section" aria-label="Nutrients">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>Nutrients: vitamins, minerals and fats</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {isError ? (
          <Typography color="error">Could not load the nutrients of this day.</Typography>
        ) : !data ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <>
            {data.notes.map((n) => (
              <Typography key={n} variant="body2" color="text.secondary">
                {n}
              </Typography>
            ))}
            <NutrientsTable nutrients={data.nutrients} label="Nutrients of the day against the Dietary Reference Intakes" />
            <Typography variant="caption" color="text.secondary">
              “Not known” means the foods logged do not say; it is not counted as zero. Source: {data.source}
            </Typography>
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
