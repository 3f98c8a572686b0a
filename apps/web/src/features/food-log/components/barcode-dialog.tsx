import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { isNative } from '../../../lib/platform';
import { useLazyLookupBarcodeQuery } from '../api';
import { createFrameDecoder, scanWithMlKit } from '../barcode-decoders';
import { catalogueText } from '../../../lib/errors';
import { isNotFound } from '../errors';
import { ResponsiveSheet } from './responsive-sheet';
import { submitOrSayWhy } from '../../../lib/forms';

interface Props {
  open: boolean;
  onClose: () => void;
  onFound: (foodId: string) => void;
  onCreate: (barcode: string) => void;
}

const normalise = (s: string) => s.replace(/[\s-]/g, '');
const plausible = (s: string) => /^\d{8,14}$/.test(s);

/** Find a packaged food by its barcode: scan it with the camera or type the digits. */
export function BarcodeDialog({ open, onClose, onFound, onCreate }: Props) {
  const titleId = useId();
  return (
    <ResponsiveSheet open={open} onClose={onClose} title="Scan a barcode" titleId={titleId}>
      {open && <BarcodeForm onFound={onFound} onCreate={onCreate} />}
    </ResponsiveSheet>
  );
}

function BarcodeForm({ onFound, onCreate }: Pick<Props, 'onFound' | 'onCreate'>) {
  const [code, setCode] = useState('');
  const [lookup, { data, error, isFetching, originalArgs }] = useLazyLookupBarcodeQuery();
  const [scanning, setScanning] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);

  async function find(raw: string) {
    const c = normalise(raw);
    setCode(c);
    if (!plausible(c)) return;
    const r = await lookup(c, true);
    if (r.data) onFound(r.data.id);
  }

  async function startScan() {
    setCameraError(null);
    if (isNative()) {
      try {
        const c = await scanWithMlKit();
        if (c) await find(c);
      } catch (e) {
        setCameraError(e instanceof Error ? e.message : 'The scanner could not start');
      }
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setCameraError('This browser gives no camera access here. Type the number printed under the barcode instead.');
      return;
    }
    setScanning(true);
  }

  const c = normalise(code);
  const notFound = isNotFound(error) && originalArgs === c;
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 2 }}>
      {scanning ? (
        <CameraScanner
          onCode={(c2) => {
            setScanning(false);
            void find(c2);
          }}
          onError={(m) => {
            setScanning(false);
            setCameraError(m);
          }}
          onCancel={() => setScanning(false)}
        />
      ) : (
        <Button variant="outlined" size="large" startIcon={<QrCodeScannerIcon />} onClick={startScan}>
          Scan with camera
        </Button>
      )}
      {cameraError && <Alert severity="warning">{cameraError}</Alert>}
      <Box component="form" noValidate onSubmit={submitOrSayWhy(!plausible(c), () => find(code), () => setRefused(true))} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Barcode number"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={(code !== '' || refused) && !plausible(c)}
          helperText={code !== '' && !plausible(c) ? 'A barcode has 8 to 14 digits' : refused && !plausible(c) ? 'Enter the digits printed under the bars' : 'The digits printed under the bars'}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isFetching} sx={{ mt: 0.5, minWidth: 96, whiteSpace: 'nowrap' }}>
          {isFetching ? <CircularProgress size={22} color="inherit" aria-label="Looking up" /> : 'Look up'}
        </Button>
      </Box>
      {notFound && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => onCreate(c)} sx={{ whiteSpace: 'nowrap' }}>
              Create food
            </Button>
          }
        >
          No food with barcode {c} yet. Create it once and it will be found next time.
        </Alert>
      )}
      {error && !notFound && originalArgs === c && <Alert severity="error">{catalogueText(error, 'Barcode lookup failed')}</Alert>}
      {data && originalArgs === c && (
        <Typography variant="body2" color="text.secondary">
          Found {data.name}.
        </Typography>
      )}
    </Box>
  );
}

/** Live camera preview that decodes a few frames a second until it reads a retail barcode. */
function CameraScanner({ onCode, onError, onCancel }: { onCode: (c: string) => void; onError: (m: string) => void; onCancel: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState('Starting the camera…');
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return;
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play();
        setStatus('Loading the decoder…');
        const { decode } = await createFrameDecoder();
        setStatus('Point the camera at the barcode');
        const tick = async () => {
          if (stopped) return;
          const found = await decode(video).catch(() => null);
          if (found && !stopped) return handlers.current.onCode(found);
          timer = setTimeout(tick, 200);
        };
        void tick();
      } catch (e) {
        const name = (e as { name?: string }).name;
        handlers.current.onError(
          name === 'NotAllowedError'
            ? 'Camera permission was denied. Allow it in the browser, or type the number instead.'
            : name === 'NotFoundError'
              ? 'No camera was found. Type the number printed under the barcode instead.'
              : `The camera could not start: ${(e as Error).message}`,
        );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Box>
      <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'common.black', aspectRatio: '4 / 3' }}>
        <video ref={videoRef} muted playsInline aria-label="Camera preview" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        <Box sx={{ position: 'absolute', left: '10%', right: '10%', top: '45%', height: 2, bgcolor: 'error.main', opacity: 0.8 }} aria-hidden />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {status}
        </Typography>
        <Button onClick={onCancel}>Stop camera</Button>
      </Box>
    </Box>
  );
}
