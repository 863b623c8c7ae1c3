export interface ResetLink {
  email: string
  token: string
}

/** Reads email and token of the e-mailed link (/password/reset?token=…&email=…); null when either is missing. */
export function parseResetLink(search: string | URLSearchParams): ResetLink | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  // A '+' left unencoded by a mail client arrives as a space, which no e-mail address contains.
  const email = params.get('email')?.trim().replaceAll(' ', '+') ?? ''
  const token = params.get('token')?.trim() ?? ''
  return email && token ? { email, token } : null
}
