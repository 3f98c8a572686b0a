import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActivityLevel, UserSettings } from '@app/contracts/settings';
import type { WeightJump } from '@app/contracts/health-metrics';
import { afterSignIn } from '../../components/guard-model';
import { PageSkeleton } from '../../components/guards';
import { notify } from '../../components/feedback/notify';
import { jumpOf, jumpQuestion } from '../../components/health/weight-form';
import { catalogueText } from '../../lib/errors';
import { formatKcal, formatNumber } from '../../lib/format';
import {
  ACTIVITY_CHOICES,
  AIM_CHOICES,
  checkBirthYear,
  checkBodyWeight,
  checkGoalWeight,
  checkHeight,
  defaultUnits,
  floorText,
  goalEtaText,
  heightDraft,
  nearestPace,
  paceChoices,
  paceText,
  planFor,
  planSettings,
  type Aim,
  type HeightDraft,
  type ProfileAnswers,
  type Sex,
} from '../../lib/profile';
import { toDisplay, unitLabel, type Units } from '../../lib/units';
import { useToday, useUpdateUserSettingsMutation, useUserSettingsQuery } from '../../lib/user-settings';
import { useLogWeightMutation } from '../../lib/weights';

const STEPS = ['units', 'about', 'height', 'weight', 'activity', 'goal', 'plan'] as const;
type Step = (typeof STEPS)[number];

interface Draft {
  units: Units;
  sex: Sex | '';
  birthYear: string;
  height: HeightDraft;
  weight: string;
  activity: ActivityLevel | '';
  aim: Aim | '';
  goalWeight: string;
  /** The chosen pace's kg a week, as a string (a radio group's value). */
  pace: string;
}

function firstDraft(s: UserSettings): Draft {
  const units: Units = s.onboarded ? s.units : s.units === 'imperial' ? 'imperial' : defaultUnits(typeof navigator !== 'undefined' ? navigator.language : null);
  const rate = s.weekly_rate_kg;
  const aim: Aim | '' = rate === null ? '' : rate < 0 ? 'lose' : rate > 0 ? 'gain' : 'maintain';
  return {
    units,
    sex: s.sex ?? '',
    birthYear: s.birth_year ? String(s.birth_year) : '',
    height: heightDraft(s.height_cm),
    weight: '',
    activity: s.activity_level ?? '',
    aim,
    goalWeight: s.goal_weight_kg ? String(toDisplay(s.goal_weight_kg, units)) : '',
    pace: rate ? String(nearestPace(rate, units)?.kg ?? '') : '',
  };
}

/**
 * /onboarding (issue 42 §1): the first run after sign-up, one question group a screen, phone first — units, sex and
 * birth year, height, current weight (logged as today's weigh-in), activity, goal with goal weight and weekly pace,
 * then the plan (Mifflin-St Jeor with the pace) that "Start tracking" saves with every answer. Skip marks it done.
 */
export function Component() {
  const { data: settings, error } = useUserSettingsQuery();
  if (error && !settings) return <Alert severity="error">{catalogueText(error, 'Failed to fetch user settings')}</Alert>;
  if (!settings) return <PageSkeleton />;
  return <Onboarding settings={settings} />;
}

function Onboarding({ settings }: { settings: UserSettings }) {
  const navigate = useNavigate();
  const location = useLocation();
  const today = useToday();
  const [draft, setDraft] = useState<Draft>(() => firstDraft(settings));
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState(false);
  const [jump, setJump] = useState<WeightJump | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [save, saving] = useUpdateUserSettingsMutation();
  const [logWeight, logging] = useLogWeightMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  // Each new screen moves the focus to its question, so a screen reader reads it first.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo?.({ top: 0 });
  }, [step]);

  const u = draft.units;
  const birth = checkBirthYear(draft.birthYear);
  const height = checkHeight(draft.height, u);
  const weight = checkBodyWeight(draft.weight, u);
  const aim = draft.aim;
  const goal = aim && aim !== 'maintain' ? checkGoalWeight(draft.goalWeight, u, aim, weight.value) : null;
  const paces = aim ? paceChoices(u, aim) : [];
  const pace = aim === 'maintain' ? 0 : paces.find((p) => String(p.kg) === draft.pace)?.kg ?? null;

  const errors: Record<Step, string | null> = {
    units: null,
    about: !draft.sex ? 'Choose female or male' : birth.error,
    height: height.error,
    weight: weight.error,
    activity: draft.activity ? null : 'Choose how active you are',
    goal: !aim ? 'Choose lose, maintain or gain' : (goal?.error ?? (pace === null ? 'Choose a weekly pace' : null)),
    plan: null,
  };
  const current = STEPS[step]!;
  const answers: ProfileAnswers | null =
    draft.sex && birth.value !== null && height.value !== null && weight.value !== null && draft.activity && pace !== null && (aim === 'maintain' || goal?.value != null)
      ? { units: u, sex: draft.sex, birth_year: birth.value, height_cm: height.value, weight_kg: weight.value, activity_level: draft.activity, weekly_rate_kg: pace, goal_weight_kg: aim === 'maintain' ? null : goal!.value }
      : null;
  const plan = answers ? planFor(answers) : null;

  function next(e?: FormEvent) {
    e?.preventDefault();
    if (errors[current]) {
      setTried(true);
      return;
    }
    setTried(false);
    if (step < STEPS.length - 1) setStep(step + 1);
  }

  const done = () => navigate(afterSignIn(location.state), { replace: true });

  async function skip() {
    try {
      await save({ onboarded: true, ...(step > 0 ? { units: u } : {}) }).unwrap();
      done();
    } catch (err) {
      notify.error(catalogueText(err, 'Failed to update user settings'));
    }
  }

  async function start(confirm = false) {
    if (!answers || !plan) return;
    setFailed(null);
    try {
      await logWeight({ weight_kg: answers.weight_kg, date: today, ...(confirm ? { confirm: true } : {}) }).unwrap();
    } catch (err) {
      const j = jumpOf(err);
      if (j) {
        setJump(j);
        return;
      }
      setFailed(catalogueText(err, 'Failed to save your weight'));
      return;
    }
    setJump(null);
    try {
      await save({ ...planSettings(answers, plan), onboarded: true }).unwrap();
      notify.success('Your plan is saved. Happy tracking!');
      done();
    } catch (err) {
      setFailed(catalogueText(err, 'Failed to update user settings'));
    }
  }

  const message = tried ? errors[current] : null;
  const busy = saving.isLoading || logging.isLoading;

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="onboarding-step">
          Step {step + 1} of {STEPS.length}
        </Typography>
        <Button size="small" onClick={skip} disabled={busy}>
          Skip for now
        </Button>
      </Box>
      <LinearProgress variant="determinate" value={((step + 1) / STEPS.length) * 100} aria-label={`Step ${step + 1} of ${STEPS.length}`} sx={{ mb: 3, height: 6, borderRadius: 3 }} />
      <Box component="form" noValidate onSubmit={next}>
        {current === 'units' && (
          <Screen heading="Which units do you use?" intro="For your weight, height and food portions. You can change this later in Settings." headingRef={heading}>
            <Choices
              label="Units"
              value={u}
              onChange={(v) => set({ units: v as Units, goalWeight: '', pace: '' })}
              options={[
                { value: 'imperial', label: 'Pounds, feet and inches', hint: 'lb, ft/in, oz, fl oz' },
                { value: 'metric', label: 'Kilograms and centimetres', hint: 'kg, cm, g, ml' },
              ]}
            />
          </Screen>
        )}
        {current === 'about' && (
          <Screen heading="About you" intro="The calorie equation and the nutrient targets depend on sex and age." headingRef={heading}>
            <Choices label="Sex" value={draft.sex} onChange={(v) => set({ sex: v as Sex })} options={[{ value: 'female', label: 'Female' }, { value: 'male', label: 'Male' }]} row error={tried && !draft.sex ? 'Choose female or male' : null} />
            <TextField
              label="Birth year"
              value={draft.birthYear}
              onChange={(e) => set({ birthYear: e.target.value })}
              error={tried && !!draft.sex && !!birth.error}
              helperText={tried && draft.sex ? birth.error : 'For example 1990'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'bday-year' } }}
              sx={{ mt: 3, maxWidth: 200 }}
            />
          </Screen>
        )}
        {current === 'height' && (
          <Screen heading="How tall are you?" headingRef={heading}>
            {u === 'imperial' ? (
              <Stack direction="row" spacing={2}>
                <TextField label="Feet" value={draft.height.ft} onChange={(e) => set({ height: { ...draft.height, ft: e.target.value } })} error={!!message} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1 }, input: { endAdornment: <InputAdornment position="end">ft</InputAdornment> } }} />
                <TextField label="Inches" value={draft.height.in} onChange={(e) => set({ height: { ...draft.height, in: e.target.value } })} error={!!message} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 4 }, input: { endAdornment: <InputAdornment position="end">in</InputAdornment> } }} />
              </Stack>
            ) : (
              <TextField label="Height" value={draft.height.cm} onChange={(e) => set({ height: { ...draft.height, cm: e.target.value } })} error={!!message} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">cm</InputAdornment> } }} sx={{ maxWidth: 200 }} />
            )}
            <Problem text={message} />
          </Screen>
        )}
        {current === 'weight' && (
          <Screen heading="What do you weigh today?" intro="It is saved as today's weigh-in, the start of your weight trend." headingRef={heading}>
            <TextField
              label="Current weight"
              value={draft.weight}
              onChange={(e) => set({ weight: e.target.value })}
              error={!!message}
              helperText={message}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{unitLabel(u)}</InputAdornment> } }}
              sx={{ maxWidth: 240 }}
            />
          </Screen>
        )}
        {current === 'activity' && (
          <Screen heading="How active are you?" intro="On a usual week, counting work and exercise." headingRef={heading}>
            <Choices label="Activity" value={draft.activity} onChange={(v) => set({ activity: v as ActivityLevel })} options={ACTIVITY_CHOICES.map((a) => ({ value: a.id, label: a.label, hint: a.hint }))} error={message} />
          </Screen>
        )}
        {current === 'goal' && (
          <Screen heading="What is your goal?" headingRef={heading}>
            <Choices label="Goal" value={aim} onChange={(v) => set({ aim: v as Aim, pace: '' })} options={AIM_CHOICES.map((a) => ({ value: a.id, label: a.label }))} error={tried && !aim ? errors.goal : null} />
            {aim && aim !== 'maintain' && (
              <>
                <TextField
                  label="Goal weight"
                  value={draft.goalWeight}
                  onChange={(e) => set({ goalWeight: e.target.value })}
                  error={tried && !!goal?.error}
                  helperText={tried ? goal?.error : undefined}
                  slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{unitLabel(u)}</InputAdornment> } }}
                  sx={{ mt: 3, maxWidth: 240 }}
                />
                <Box sx={{ mt: 3 }}>
                  <Choices
                    label={aim === 'lose' ? 'How fast do you want to lose?' : 'How fast do you want to gain?'}
                    value={draft.pace}
                    onChange={(v) => set({ pace: v })}
                    options={paces.map((p, i) => ({ value: String(p.kg), label: p.label, hint: i === 1 ? 'A steady pace most people can keep' : undefined }))}
                    error={tried && !goal?.error && pace === null ? 'Choose a weekly pace' : null}
                  />
                </Box>
              </>
            )}
          </Screen>
        )}
        {current === 'plan' && (
          <Screen heading="Your plan" headingRef={heading}>
            {plan && answers ? (
              <>
                <Typography color="text.secondary">Eat about</Typography>
                <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.2 }} data-testid="plan-calories" data-kcal={plan.calories}>
                  {formatKcal(plan.calories)}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  a day · {paceText(answers.weekly_rate_kg, u)}
                  {goalEtaText(answers) ? ` · ${goalEtaText(answers)}` : ''}
                </Typography>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mb: 2, textAlign: 'center', '& dd': { m: 0, fontWeight: 700, fontSize: '1.25rem' }, '& dt': { color: 'text.secondary' } }}>
                  <Macro name="Protein" grams={plan.protein} />
                  <Macro name="Carbs" grams={plan.carbs} />
                  <Macro name="Fat" grams={plan.fat} />
                </Box>
                <Typography variant="body2" color="text.secondary" data-testid="plan-how">
                  Resting energy {formatKcal(plan.bmr)} (Mifflin-St Jeor) × your activity = {formatKcal(plan.tdee)} a day
                  {plan.pace_kcal !== 0 ? `, ${plan.pace_kcal < 0 ? 'minus' : 'plus'} ${formatKcal(Math.abs(plan.pace_kcal))} for your pace` : ''}. Fiber {formatNumber(plan.fiber)} g. You can change any of it in Settings.
                </Typography>
                {floorText(plan, answers.sex) && (
                  <Alert severity="info" sx={{ mt: 2 }} data-testid="plan-floor">
                    {floorText(plan, answers.sex)}
                  </Alert>
                )}
                {jump && (
                  <Alert severity="warning" sx={{ mt: 2 }} action={<Button color="inherit" size="small" onClick={() => start(true)} disabled={busy}>Save anyway</Button>}>
                    {jumpQuestion(jump, u, today)}
                  </Alert>
                )}
                {failed && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {failed}
                  </Alert>
                )}
              </>
            ) : (
              <Alert severity="warning">Some answers are missing: go back and fill them in.</Alert>
            )}
          </Screen>
        )}
        <Stack direction="row" spacing={1.5} sx={{ mt: 4 }}>
          {step > 0 && (
            <Button variant="outlined" size="large" onClick={() => { setTried(false); setStep(step - 1); }} disabled={busy} sx={{ flex: 1 }}>
              Back
            </Button>
          )}
          {current === 'plan' ? (
            <Button variant="contained" size="large" onClick={() => start(false)} disabled={!plan || busy} sx={{ flex: 2 }}>
              {busy ? 'Saving…' : 'Start tracking'}
            </Button>
          ) : (
            <Button type="submit" variant="contained" size="large" sx={{ flex: 2 }}>
              Next
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

function Screen({ heading, intro, children, headingRef }: { heading: string; intro?: string; children: ReactNode; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <Box>
      <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: intro ? 1 : 3, outline: 'none' }}>
        {heading}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function Choices({ label, value, onChange, options, row, error }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string; hint?: string }[]; row?: boolean; error?: string | null }) {
  const id = useId();
  return (
    <FormControl error={!!error} sx={{ width: '100%' }}>
      <FormLabel id={id} sx={{ mb: 1, fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>{label}</FormLabel>
      <RadioGroup aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value)} row={row} sx={{ gap: 1 }}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            control={<Radio />}
            label={
              o.hint ? (
                <Box sx={{ py: 0.5 }}>
                  <Typography>{o.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {o.hint}
                  </Typography>
                </Box>
              ) : (
                o.label
              )
            }
            sx={{ m: 0, pr: 2, border: 1, borderColor: value === o.value ? 'primary.main' : 'divider', borderRadius: 2, minHeight: 48, ...(row ? {} : { width: '100%' }) }}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
      {text}
    </Typography>
  ) : null;
}

function Macro({ name, grams }: { name: string; grams: number }) {
  return (
    <Box>
      <dt>{name}</dt>
      <dd>{formatNumber(grams)} g</dd>
    </Box>
  );
}
