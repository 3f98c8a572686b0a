import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Done';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { Notification } from '@app/contracts/notifications';
import { formatDateTime } from '../../lib/format';
import { foodLogLink, locationLabel, mealOptions, restaurantLine, type MealOption } from './model';

function OptionCard({ option }: { option: MealOption }) {
  const link = foodLogLink(option);
  const chips = [
    option.calories !== undefined && `${Math.round(option.calories)} kcal`,
    option.protein !== undefined && `P ${Math.round(option.protein)} g`,
    option.carbs !== undefined && `C ${Math.round(option.carbs)} g`,
    option.fat !== undefined && `F ${Math.round(option.fat)} g`,
  ].filter((c): c is string => !!c);
  return (
    // On the paper's own colour, with a border: a tinted box inside an unread (tinted) item left the green link at 3.9:1.
    <Box component="li" sx={{ listStyle: 'none', p: 1.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2">{option.name}</Typography>
      {option.restaurant && <Typography variant="body2" color="text.secondary">{option.restaurant}</Typography>}
      {option.address && <Typography variant="caption" color="text.secondary" component="p">{option.address}</Typography>}
      {option.description && <Typography variant="body2" sx={{ mt: 0.5 }}>{option.description}</Typography>}
      {chips.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
          {chips.map((c) => <Chip key={c} label={c} size="small" />)}
        </Stack>
      )}
      <Button component={RouterLink} to={link.to} state={link.state} size="small" variant="outlined" sx={{ mt: 1 }}>
        Log This Food
      </Button>
    </Box>
  );
}

/** The type-specific part of a notification (spec §2 Notification center). */
function Body({ n }: { n: Notification }) {
  if (n.notification_type === 'meal_reminder') {
    const options = mealOptions(n.data);
    const where = locationLabel(n.data);
    return (
      <>
        {where && <Chip icon={<PlaceIcon />} label={where} size="small" variant="outlined" sx={{ mt: 1 }} />}
        {options.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mt: 1 }}>
            {options.map((o, i) => <OptionCard key={`${o.name}-${i}`} option={o} />)}
          </Stack>
        )}
      </>
    );
  }
  if (n.notification_type === 'logging_reminder') {
    return (
      <Button component={RouterLink} to="/food-log" size="small" variant="contained" sx={{ mt: 1 }}>
        Log Food Now
      </Button>
    );
  }
  if (n.notification_type === 'plus' || n.notification_type === 'pro') {
    const line = restaurantLine(n.data);
    return line ? <Chip icon={<PlaceIcon />} label={line} size="small" sx={{ mt: 1 }} /> : null;
  }
  return null;
}

export function NotificationItem({ n, onRead, onDelete, busy }: { n: Notification; onRead: () => void; onDelete: () => void; busy: boolean }) {
  return (
    <Box
      component="li"
      data-testid="notification-item"
      sx={{ listStyle: 'none', p: 2, borderBottom: 1, borderColor: 'divider', bgcolor: n.read ? 'transparent' : 'action.selected' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: n.read ? 500 : 700 }}>
            {n.title}
          </Typography>
          {n.message && <Typography variant="body2" color="text.secondary">{n.message}</Typography>}
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(n.created_at)}
          </Typography>
        </Box>
        {!n.read && (
          <Tooltip title="Mark as read">
            <span>
              <IconButton aria-label="Mark as read" size="small" onClick={onRead} disabled={busy}>
                <DoneIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title="Delete notification">
          <span>
            <IconButton aria-label="Delete notification" size="small" onClick={onDelete} disabled={busy}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Body n={n} />
    </Box>
  );
}
