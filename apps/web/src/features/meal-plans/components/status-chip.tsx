import Chip from '@mui/material/Chip';
import type { MealPlanStatus } from '../types';

const LOOK: Record<MealPlanStatus, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  processing: { label: 'Generating', color: 'info' },
  completed: { label: 'Ready', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function StatusChip({ status }: { status: MealPlanStatus }) {
  const look = LOOK[status] ?? { label: status, color: 'default' as const };
  return <Chip size="small" label={look.label} color={look.color} />;
}
