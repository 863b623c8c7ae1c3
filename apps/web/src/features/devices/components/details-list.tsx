import Box from '@mui/material/Box'
import type { SxProps, Theme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'

interface DetailsListProps {
  items: readonly (readonly [label: string, value: string])[]
  sx?: SxProps<Theme>
  /** Bolder values, for a block of facts rather than a card's summary. */
  strong?: boolean
}

/** Label/value pairs as a definition list in two columns. */
export function DetailsList({ items, sx, strong = false }: DetailsListProps) {
  return (
    <Box
      component="dl"
      sx={[
        { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: strong ? 600 : undefined }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
