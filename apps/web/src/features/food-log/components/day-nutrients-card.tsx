import { lazy, Suspense, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLatch } from '../../../lib/use-latch';

const DayNutrientsDetails = lazy(() => import('./day-nutrients-details'));

/**
 * The day's vitamins, minerals and fats against the DRI for the user's age and sex (issue 11 §3). Closed at
 * first; fetched, and the table's code loaded, only when opened: most visits to the food log are to log, not to audit.
 */
export function DayNutrientsCard({ date }: { date: string }) {
  const [open, setOpen] = useState(false);
  const opened = useLatch(open);
  return (
    <Accordion expanded={open} onChange={(_, v) => setOpen(v)} disableGutters component="section" aria-label="Nutrients">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>Nutrients: vitamins, minerals and fats</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {opened && (
          <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
            <DayNutrientsDetails date={date} />
          </Suspense>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
