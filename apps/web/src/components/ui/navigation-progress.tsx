import Box from '@mui/material/Box'
import { keyframes } from '@mui/material/styles'

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`

/** Thin bar at the top while the next screen's code loads; plain CSS keeps it out of the first download. */
export function NavigationProgress({ label }: { label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        position: 'fixed',
        inset: '0 0 auto 0',
        height: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.15)',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  )
}
