import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router'

/** An error page's body (404, 500): the code large, what happened, and a way back home. */
export function ErrorPage(props: { code: string; title: string; text: string; home: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography
        aria-hidden
        sx={{ fontSize: '4.5rem', fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
      >
        {props.code}
      </Typography>
      <Typography variant="h1">{props.title}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{props.text}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {props.home}
      </Button>
    </Stack>
  )
}
