import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Finding } from '@app/contracts/insights';

const label = (k: string) => k.replace(/_/g, ' ');

/** Findings ranked by the engine: what it saw, the numbers behind it, one thing to change, and the source. */
export function FindingsList({ findings, notEnough }: { findings: Finding[]; notEnough: string[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {findings.length === 0 && <Alert severity="info">Nothing stands out in this range.</Alert>}
      {findings.map((f, i) => (
        <Card key={f.id} component="article" aria-labelledby={`finding-${f.id}`}>
          <CardContent>
            <Typography id={`finding-${f.id}`} variant="h6" component="h2">
              {i + 1}. {f.title}
            </Typography>
            <Typography sx={{ my: 1 }}>{f.statement}</Typography>
            <Table size="small" aria-label={`Evidence for ${f.title}`}>
              <TableBody>
                {Object.entries(f.evidence).map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th" scope="row">
                      {label(k)}
                    </TableCell>
                    <TableCell align="right">{v ?? 'not known'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {f.suggestion && (
              <Alert severity="success" icon={false} sx={{ mt: 1 }}>
                <strong>Try: </strong>
                {f.suggestion}
              </Alert>
            )}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Source: {f.citation}
            </Typography>
          </CardContent>
        </Card>
      ))}
      {notEnough.length > 0 && (
        <Alert severity="info">
          <Typography variant="subtitle2">Not enough data for:</Typography>
          <ul style={{ margin: 0 }}>
            {notEnough.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Box>
  );
}
