import { useState } from 'react';
import { format, subDays } from 'date-fns';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatClock, formatDay } from '../../lib/format';
import type { Units } from '../../lib/units';
import { formatWater, useDeleteWaterMutation, useWaterDailyQuery, useWaterDayQuery } from '../../lib/water';

const COMPACT = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

/** Water on the Health page: the last 14 days' totals against the goal, and one day's adds, each deletable. */
export function WaterHistory({ today, units }: { today: string; units: Units }) {
  const start = format(subDays(new Date(`${today}T12:00:00`), 13), 'yyyy-MM-dd');
  const daily = useWaterDailyQuery({ start_date: start, end_date: today });
  const [day, setDay] = useState(today);
  const entries = useWaterDayQuery(day);
  const [remove] = useDeleteWaterMutation();
  const goal = daily.data?.goal_ml ?? null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          Water, last 14 days
        </Typography>
        {!daily.data ? (
          <Skeleton variant="rounded" height={120} />
        ) : daily.data.days.length === 0 ? (
          <Typography color="text.secondary">No water logged in the last 14 days.</Typography>
        ) : (
          <Table size="small" aria-label="Water per day" sx={COMPACT}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell align="right">Water</TableCell>
                <TableCell align="right">{goal ? 'Goal' : ''}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...daily.data.days].reverse().map((d) => (
                <TableRow key={d.date} hover selected={d.date === day} onClick={() => setDay(d.date)} sx={{ cursor: 'pointer' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(d.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatWater(d.total_ml, units)}</TableCell>
                  <TableCell align="right">{goal ? (d.total_ml >= goal ? 'Reached' : `${Math.round((d.total_ml / goal) * 100)} %`) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            Adds on
          </Typography>
          <TextField size="small" type="date" label="Day" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }} />
        </Box>
        {!entries.data ? (
          <Skeleton variant="rounded" height={60} sx={{ mt: 1 }} />
        ) : entries.data.entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>Nothing logged on {formatDay(day)}.</Typography>
        ) : (
          <Table size="small" aria-label={`Water added on ${formatDay(day)}`} sx={COMPACT}>
            <TableBody>
              {entries.data.entries.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{e.time ? formatClock(e.time) : ''}</TableCell>
                  <TableCell align="right">{formatWater(e.amount_ml, units)}</TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={`Delete ${formatWater(e.amount_ml, units)}${e.time ? ` of ${formatClock(e.time)}` : ''}`} onClick={() => remove(e.id)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
