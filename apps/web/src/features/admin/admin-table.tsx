import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { ScrollBox } from '../../components/scroll-box';
import { srOnly } from '../../lib/sr-only';

/**
 * The admin console's tables: a named table with its column heads, scrolling inside its own box on a phone (at
 * 390 px the users' and the activity tables widened the page). A head given as `{ hidden }` is read, not shown
 * (the column of buttons).
 */
export function AdminTable({ label, head, children }: { label: string; head: (string | { hidden: string })[]; children: ReactNode }) {
  return (
    <ScrollBox label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={typeof h === 'string' ? h : h.hidden}>
                {typeof h === 'string' ? (
                  h
                ) : (
                  <Box component="span" sx={srOnly}>
                    {h.hidden}
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </ScrollBox>
  );
}
