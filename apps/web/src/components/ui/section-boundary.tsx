import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { Component, type ReactNode } from 'react'

interface SectionBoundaryProps {
  /** What could not be shown, in words the user can act on. */
  message: string
  /** The button's text: a reload fetches the app's current files again. */
  reloadLabel: string
  children: ReactNode
}

/**
 * Keeps a failure inside one section of a screen (a lazily loaded part that could not be fetched, or that
 * threw): the rest of the screen, menu and header stay, and the section offers a reload.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {this.props.reloadLabel}
          </Button>
        }
      >
        {this.props.message}
      </Alert>
    )
  }
}
