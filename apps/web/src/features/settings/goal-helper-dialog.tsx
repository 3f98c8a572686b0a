import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActivityLevel, UserSettings } from '@app/contracts/settings';
import type { WeightJump } from '@app/contracts/health-metrics';
import { notify } from '../../components/feedback/notify';
import { jumpOf, jumpQuestion } from '../../components/health/weight-form';
import { catalogueText } from '../../lib/errors';
import { formatKcal } from '../../lib/format';
import {
  ACTIVITY_CHOICES,
  AIM_CHOICES,
  checkBirthYear,
  checkBodyWeight,
  checkGoalWeight,
  checkHeight,
  floorText,
  goalEtaText,
  heightDraft,
  nearestPace,
  paceChoices,
  planFor,
  planSettings,
  type Aim,
  type HeightDraft,
  type ProfileAnswers,
  type Sex,
} from '../../lib/profile';
import { toDisplay, unitLabel, type Units } from '../../lib/units';
import { useToday } from '../../lib/user-settings';
import { useLogWeightMutation } from '../../lib/weights';
import { useUpdateUserSettingsMutation } from './api';
import { useMeasuredExpenditureQuery } from './expenditure-api';

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Suggests daily goals with Mifflin-St Jeor and the chosen weekly pace (packages/nutrition) and saves them together
 * with the answers they came from (issue 42 §3): reopened, it shows every answer kept — sex, birth year, height,
 * activity, goal, goal weight and pace from the settings, the weight from the latest weigh-in. A changed weight is
 * saved as today's weigh-in.
 */
export function GoalHelperDialog({ open, onClose, settings }: { open: boolean; onClose: () => void; settings: UserSettings }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="goal-helper-title">
      {open && <HelperForm onClose={onClose} settings={settings} />}
    </Dialog>
  );
}

function HelperForm({ onClose, settings }: { onClose: () => void; settings: UserSettings }) {
  const u: Units = settings.units;
  const rate = settings.weekly_rate_kg;
  const [sex, setSex] = useState<Sex | ''>(settings.sex ?? '');
  const [birthYear, setBirthYear] = useState(settings.birth_year ? String(settings.birth_year) : '');
  const [height, setHeight] = useState<HeightDraft>(() => heightDraft(settings.height_cm));
  const [weight, setWeight] = useState('');
  const [activity, setActivity] = useState<ActivityLevel | ''>(settings.activity_level ?? '');
  const [aim, setAim] = useState<Aim | ''>(rate === null ? '' : rate < 0 ? 'lose' : rate > 0 ? 'gain' : 'maintain');
  const [goalWeight, setGoalWeight] = useState(settings.goal_weight_kg ? oneDecimal(toDisplay(settings.goal_weight_kg, u)) : '');
  const [pace, setPace] = useState(rate ? String(nearestPace(rate, u)?.kg ?? '') : '');
  const [tried, setTried] = useState(false);
  const [jump, setJump] = useState<WeightJump | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const today = useToday();
  const [save, saving] = useUpdateUserSettingsMutation();
  const [logWeight, logging] = useLogWeightMutation();

  // The latest weigh-in fills the weight (once it arrives, unless the user has typed one).
  const measured = useMeasuredExpenditureQuery().data;
  const latestKg = measured?.latest_weight?.weight_kg ?? null;
  useEffect(() => {
    if (latestKg !== null) setWeight((w) => (w === '' ? oneDecimal(toDisplay(latestKg, u)) : w));
  }, [latestKg, u]);
  const [useMeasured, setUseMeasured] = useState(false);
  // Offered only once the estimate is confident (medium or high): a low-confidence number is no better than the equation.
  const confident = !!measured?.enough && measured.expenditure_kcal !== null && (measured.confidence === 'medium' || measured.confidence === 'high');
  const tdee = confident && useMeasured ? measured.expenditure_kcal : null;

  const birth = checkBirthYear(birthYear);
  const h = checkHeight(height, u);
  const w = checkBodyWeight(weight, u);
  const goal = aim && aim !== 'maintain' ? checkGoalWeight(goalWeight, u, aim, w.value) : null;
  const paces = aim ? paceChoices(u, aim) : [];
  const paceKg = aim === 'maintain' ? 0 : (paces.find((p) => String(p.kg) === pace)?.kg ?? null);
  const answers: ProfileAnswers | null =
    sex && birth.value !== null && h.value !== null && w.value !== null && activity && paceKg !== null && (aim === 'maintain' || goal?.value != null)
      ? { units: u, sex, birth_year: birth.value, height_cm: h.value, weight_kg: w.value, activity_level: activity, weekly_rate_kg: paceKg, goal_weight_kg: aim === 'maintain' ? null : goal!.value }
      : null;
  const plan = answers ? planFor(answers, { measuredTdee: tdee }) : null;
  const show = (msg: string | null | undefined) => (tried && msg ? msg : undefined);

  async function submit(confirm = false) {
    setTried(true);
    if (!answers || !plan) return;
    setFailed(null);
    // A weight other than the latest weigh-in is today's weigh-in (what the helper shows next time).
    if (latestKg === null || Math.abs(answers.weight_kg - latestKg) >= 0.05) {
      try {
        await logWeight({ weight_kg: answers.weight_kg, date: today, ...(confirm ? { confirm: true } : {}) }).unwrap();
      } catch (err) {
        const j = jumpOf(err);
        if (j) setJump(j);
        else setFailed(catalogueText(err, 'Failed to save your weight'));
        return;
      }
    }
    setJump(null);
    try {
      await save(planSettings(answers, plan)).unwrap();
      notify.success('Goals and answers saved');
      onClose();
    } catch (err) {
      setFailed(catalogueText(err, 'Failed to update user settings'));
    }
  }

  const unitAdornment = (text: string) => ({ endAdornment: <InputAdornment position="end">{text}</InputAdornment> });
  const busy = saving.isLoading || logging.isLoading;
  return (
    <>
      <DialogTitle id="goal-helper-title">Suggest goals for me</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Uses the Mifflin-St Jeor equation and your weekly pace. Your answers are kept in your profile, so they are here next time.
        </Typography>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 6 }}>
            <TextField select label="Sex" value={sex} onChange={(e) => setSex(e.target.value as Sex)} error={!!show(!sex ? 'Choose female or male' : null)} helperText={show(!sex ? 'Choose female or male' : null)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
              <option value="" disabled>
                Choose
              </option>
              <option value="female">Female</option>
              <option value="male">Male</option>
            </TextField>
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField label="Birth year" value={birthYear} onChange={(e) => setBirthYear(e.target.value)} error={!!show(birth.error)} helperText={show(birth.error)} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
          </Grid>
          {u === 'imperial' ? (
            <>
              <Grid size={{ xs: 4, sm: 3 }}>
                <TextField label="Height" value={height.ft} onChange={(e) => setHeight({ ...height, ft: e.target.value })} error={!!show(h.error)} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1, 'aria-label': 'Height, feet' }, input: unitAdornment('ft') }} />
              </Grid>
              <Grid size={{ xs: 3 }}>
                <TextField label="in" value={height.in} onChange={(e) => setHeight({ ...height, in: e.target.value })} error={!!show(h.error)} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 4, 'aria-label': 'Inches' } }} />
              </Grid>
            </>
          ) : (
            <Grid size={{ xs: 6 }}>
              <TextField label="Height" value={height.cm} onChange={(e) => setHeight({ ...height, cm: e.target.value })} error={!!show(h.error)} helperText={show(h.error)} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: unitAdornment('cm') }} />
            </Grid>
          )}
          <Grid size={{ xs: 5, sm: 6 }}>
            <TextField
              label="Weight"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
              error={!!show(w.error)}
              helperText={show(w.error)}
              // Filled in after the dialog opened (the latest weigh-in arrives then): the label moves up with it.
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: unitAdornment(unitLabel(u)), inputLabel: { shrink: weight !== '' ? true : undefined } }}
            />
          </Grid>
          {u === 'imperial' && show(h.error) && (
            <Grid size={{ xs: 12 }}>
              <Typography color="error" variant="body2">
                {h.error}
              </Typography>
            </Grid>
          )}
          <Grid size={{ xs: 12 }}>
            <TextField
              select
              label="Activity"
              disabled={!!tdee}
              value={activity}
              onChange={(e) => setActivity(e.target.value as ActivityLevel)}
              error={!!show(!activity ? 'Choose how active you are' : null)}
              helperText={tdee ? 'Your measured expenditure already includes your activity' : (show(!activity ? 'Choose how active you are' : null) ?? ACTIVITY_CHOICES.find((o) => o.id === activity)?.hint)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choose
              </option>
              {ACTIVITY_CHOICES.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: aim && aim !== 'maintain' ? 4 : 12 }}>
            <TextField
              select
              label="Goal"
              value={aim}
              onChange={(e) => {
                setAim(e.target.value as Aim);
                setPace('');
              }}
              error={!!show(!aim ? 'Choose lose, maintain or gain' : null)}
              helperText={show(!aim ? 'Choose lose, maintain or gain' : null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choose
              </option>
              {AIM_CHOICES.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </TextField>
          </Grid>
          {aim && aim !== 'maintain' && (
            <>
              <Grid size={{ xs: 6, sm: 4 }}>
                <TextField label="Goal weight" value={goalWeight} onChange={(e) => setGoalWeight(e.target.value)} error={!!show(goal?.error)} helperText={show(goal?.error)} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: unitAdornment(unitLabel(u)) }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  select
                  label="Weekly pace"
                  value={pace}
                  onChange={(e) => setPace(e.target.value)}
                  error={!!show(paceKg === null ? 'Choose a weekly pace' : null)}
                  helperText={show(paceKg === null ? 'Choose a weekly pace' : null)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" disabled>
                    Choose
                  </option>
                  {paces.map((p) => (
                    <option key={p.kg} value={String(p.kg)}>
                      {p.label}
                    </option>
                  ))}
                </TextField>
              </Grid>
            </>
          )}
        </Grid>
        {plan && answers && (
          <Typography sx={{ mt: 3 }} data-testid="goal-suggestion" data-kcal={plan.calories}>
            {tdee ? `Measured daily use ${formatKcal(plan.tdee)}` : `Resting ${formatKcal(plan.bmr)} · daily use ${formatKcal(plan.tdee)}`}
            {plan.pace_kcal !== 0 ? ` · pace ${plan.pace_kcal > 0 ? '+' : '−'}${formatKcal(Math.abs(plan.pace_kcal))}` : ''} → <strong>{formatKcal(plan.calories)}</strong>, protein {plan.protein}&nbsp;g, carbs {plan.carbs}&nbsp;g, fat {plan.fat}&nbsp;g, fiber {plan.fiber}&nbsp;g.
            {goalEtaText(answers) ? ` ${goalEtaText(answers)}.` : ''}
          </Typography>
        )}
        {plan && answers && floorText(plan, answers.sex) && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {floorText(plan, answers.sex)}
          </Alert>
        )}
        {confident ? (
          <Alert severity="info" sx={{ mt: 2 }} icon={false}>
            <FormControlLabel
              control={<Checkbox checked={useMeasured} onChange={(e) => setUseMeasured(e.target.checked)} />}
              label={`Use my measured expenditure: ${formatKcal(measured.expenditure_kcal)} a day (${measured.confidence} confidence)`}
            />
            <Typography variant="body2" color="text.secondary">
              {measured.statement}
            </Typography>
          </Alert>
        ) : (
          measured &&
          !measured.enough && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="measured-expenditure-missing">
              Log your food and weight for a few weeks and we can use your measured expenditure instead of this estimate. {measured.statement}
            </Typography>
          )
        )}
        {jump && (
          <Alert severity="warning" sx={{ mt: 2 }} action={<Button color="inherit" size="small" onClick={() => submit(true)} disabled={busy}>Save anyway</Button>}>
            {jumpQuestion(jump, u, today)}
          </Alert>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => submit(false)}>
          {busy ? 'Saving…' : 'Save these goals'}
        </Button>
      </DialogActions>
    </>
  );
}
