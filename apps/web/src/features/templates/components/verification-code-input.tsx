import Box from '@mui/material/Box'
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react'
import { backspaceAt, type CodeBoxes, type CodeChange, pasteInto, typeInto } from '../utils/code-boxes'

interface VerificationCodeInputProps {
  value: CodeBoxes
  onChange: (code: string[]) => void
  /** Accessible name of each box, e.g. 'Символ 2 з 4'. */
  boxLabel: (position: number) => string
  labelledBy: string
  describedBy?: string
  invalid?: boolean
}

/** One-character boxes that move on as you type, step back on Backspace and take a pasted code whole. */
export function VerificationCodeInput(props: VerificationCodeInputProps) {
  const { value, onChange, boxLabel, labelledBy, describedBy, invalid = false } = props
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  const apply = ({ code, focus }: CodeChange) => {
    onChange(code)
    boxes.current[focus]?.focus()
  }

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      apply(backspaceAt(value, index))
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      boxes.current[index - 1]?.focus()
    } else if (event.key === 'ArrowRight' && index < value.length - 1) {
      event.preventDefault()
      boxes.current[index + 1]?.focus()
    }
  }

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    apply(pasteInto(value, index, event.clipboardData.getData('text')))
  }

  return (
    <Box role="group" aria-labelledby={labelledBy} sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 } }}>
      {value.map((character, index) => (
        <Box
          // The boxes never reorder, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of positions
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element
          }}
          value={character}
          aria-label={boxLabel(index + 1)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => apply(typeInto(value, index, event.target.value))}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          sx={{
            width: { xs: 52, sm: 60 },
            height: { xs: 60, sm: 68 },
            font: 'inherit',
            textAlign: 'center',
            fontSize: '1.75rem',
            fontWeight: 700,
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: '1px solid',
            borderColor: invalid ? 'error.main' : 'tint.fieldBorder',
            borderRadius: '12px',
            '&:focus': {
              outline: '3px solid var(--mui-palette-info-main)',
              outlineOffset: 1,
              borderColor: 'info.main',
            },
          }}
        />
      ))}
    </Box>
  )
}
