// Tests render messages as the server does: every section in both languages registered (ADR 055).
import { registerAllMessages } from './locales'

registerAllMessages()
