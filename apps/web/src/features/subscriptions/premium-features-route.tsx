import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ENTITLEMENT_KEYS, ENTITLEMENTS, hasEntitlement, TIER_LABELS, tierOf } from '@app/contracts/entitlements';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectSession } from '../../lib/session';
import { PageTitle } from '../../components/layout/page-title';

/** /premium-features: what each tier unlocks, from the same table the API's gates use. */
export function Component() {
  const { user } = useAppSelector(selectSession);
  const mine = user ? tierOf(user) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle>
        Premium features
      </PageTitle>
      <Typography color="text.secondary">Everything else is free. Premium includes Pro, and Pro includes Plus.</Typography>
      <Table aria-label="Premium features">
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            <TableCell>Plan</TableCell>
            <TableCell>You</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ENTITLEMENT_KEYS.map((k) => (
            <TableRow key={k}>
              <TableCell>
                <Typography>{ENTITLEMENTS[k].label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {ENTITLEMENTS[k].description}
                </Typography>
              </TableCell>
              <TableCell>{TIER_LABELS[ENTITLEMENTS[k].tier]}</TableCell>
              <TableCell>{hasEntitlement(mine, k) ? <Chip color="success" size="small" label="Unlocked" /> : <Chip size="small" label="Locked" />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button variant="contained" component={RouterLink} to={paths.subscription} sx={{ justifySelf: 'start' }}>
        See plans
      </Button>
    </Box>
  );
}
