import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { isWeightUnit, servingWeight } from '@app/nutrition/serving-weight';
import { notify } from '../../../components/feedback/notify';
import { useCreateCustomFoodMutation } from '../api';
import { failureText } from '../../../lib/errors';
import { NumberField } from '../../../components/number-field';
import { submitOrSayWhy } from '../../../lib/forms';
import { NutrientFields, useNutrientValues } from './nutrient-fields';
import { ResponsiveSheet } from './responsive-sheet';

const NUTRIENTS = [
  ['calories', 'Calories (kcal)'],
  ['protein', 'Protein (g)'],
  ['carbs', 'Carbs (g)'],
  ['fat', 'Fat (g)'],
  ['fiber', 'Fiber (g)'],
  ['sugar', 'Sugar (g)'],
  ['saturated_fat', 'Saturated fat (g)'],
  ['sodium', 'Sodium (mg)'],
] as const;

interface Props {
  /** Open with this barcode filled in (an unknown scanned code), or '' for a food without one. */
  barcode: string | null;
  onClose: () => void;
  onCreated: (foodId: string) => void;
}

/** Create a food of one's own (e.g. a packaged product the database does not know), usable like any other. */
export function CustomFoodDialog({ barcode, onClose, onCreated }: Props) {
  const titleId = useId();
  return (
    <ResponsiveSheet open={barcode !== null} onClose={onClose} title="Create a food" titleId={titleId}>
      {barcode !== null && <CustomFoodForm initialBarcode={barcode} onClose={onClose} onCreated={onCreated} />}
    </ResponsiveSheet>
  );
}

function CustomFoodForm({ initialBarcode, onClose, onCreated }: { initialBarcode: string; onClose: () => void; onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [brand, setBrand] = useState('');
  const [servingSize, setServingSize] = useState('1');
  const [servingUnit, setServingUnit] = useState('serving');
  const [servingGrams, setServingGrams] = useState('100');
  /** Whether the person typed a weight; until then it follows a unit that implies one (60 g, 250 ml). */
  const [gramsTyped, setGramsTyped] = useState(false);
  const [barcode, setBarcode] = useState(initialBarcode);
  const { values, setValues, nums } = useNutrientValues(NUTRIENTS);
  const [create, { isLoading }] = useCreateCustomFoodMutation();
  const size = Number(servingSize);
  // A weight unit fixes the grams (60 g weighs 60 g); ml suggests them (1 g per ml) until a weight is typed.
  const weightUnit = isWeightUnit(servingUnit);
  const implied = size > 0 ? servingWeight(size, servingUnit) : null;
  const gramsText = implied !== null && (weightUnit || !gramsTyped) ? String(implied) : servingGrams;
  const grams = Number(gramsText);
  const code = barcode.replace(/[\s-]/g, '');
  const barcodeOk = code === '' || /^\d{8,14}$/.test(code);
  const [tried, setTried] = useState(false);
  const nameMissing = !name.trim();
  const unitMissing = !servingUnit.trim();
  const invalid = nameMissing || values.calories.trim() === '' || Object.values(nums).some(Number.isNaN) || !(size > 0) || !(grams > 0) || unitMissing || !barcodeOk;

  async function submit() {
    try {
      const food = await create({
        name: name.trim(),
        brand_name: brand.trim(),
        serving_size: size,
        serving_unit: servingUnit.trim(),
        serving_grams: grams,
        ...(code ? { barcode: code } : {}),
        ...nums,
      }).unwrap();
      notify.success(`Created ${food.name}`);
      onCreated(food.id);
    } catch (e) {
      notify.error(failureText(e, 'Failed to create food'));
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submitOrSayWhy(invalid, submit, () => setTried(true))} sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required autoFocus error={tried && nameMissing} helperText={tried && nameMissing ? 'Enter a name' : undefined} />
      <TextField label="Brand (optional)" value={brand} onChange={(e) => setBrand(e.target.value)} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
        <NumberField label="Serving size" value={servingSize} onChange={setServingSize} min={0.01} required error={(tried || servingSize.trim() !== '') && !(size > 0) ? 'More than 0' : undefined} />
        <TextField label="Unit" value={servingUnit} onChange={(e) => setServingUnit(e.target.value)} required error={tried && unitMissing} helperText={tried && unitMissing ? 'Enter a unit' : 'cup, bar, slice…'} />
        <NumberField
          label="Weight (g)"
          value={gramsText}
          onChange={(v) => {
            setGramsTyped(true);
            setServingGrams(v);
          }}
          min={0.1}
          required
          disabled={weightUnit && implied !== null}
          error={(tried || gramsText.trim() !== '') && !(grams > 0) ? 'More than 0' : undefined}
        />
      </Box>
      <TextField
        label="Barcode (optional)"
        value={barcode}
        onChange={(e) => setBarcode(e.target.value)}
        error={!barcodeOk}
        helperText={barcodeOk ? ' ' : 'A barcode has 8 to 14 digits'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <NutrientFields list={NUTRIENTS} values={values} nums={nums} onChange={setValues} showMissing={tried} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', pb: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          Create food
        </Button>
      </Box>
    </Box>
  );
}
