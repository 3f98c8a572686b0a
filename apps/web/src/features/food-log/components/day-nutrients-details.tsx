import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { NutrientsTable } from '../../../components/nutrients-table';
import { ProfileNote } from '../../../components/profile-note';
import { useDayNutrientsQuery } from '../api';

/** The opened nutrients card's content: fetched, and its code loaded, only when the card is opened. */
export default function DayNutrientsDetails({ date }: { date: string }) {
  const { data, isError } = useDayNutrientsQuery(date);
  if (isError) return <Typography color="error">Could not load the nutrients of this day.</Typography>;
  if (!data) return <Skeleton variant="rounded" height={200} />;
  return (
    <>
      {data.notes.map((n) => <ProfileNote key={n} text={n} />)}
      <NutrientsTable nutrients={data.nutrients} label="Nutrients of the day against the Dietary Reference Intakes" />
      <Typography variant="caption" color="text.secondary">
        “Not known” means the foods logged do not say; it is not counted as zero. Source: {data.source}
      </Typography>
    </>
  );
}
