import Box from '@mui/material/Box'
import { useEffect, useState } from 'react'

/** The otpauth URI as a QR code, drawn in the browser (the secret never goes to a third party). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    // Loaded with the dialog only: nobody else needs it.
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (current) setSvg(drawn)
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [text])
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        width: 200,
        height: 200,
        bgcolor: '#fff',
        borderRadius: 1,
        mx: 'auto',
        '& svg': { display: 'block' },
      }}
    >
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt=""
          width={200}
          height={200}
        />
      )}
    </Box>
  )
}
