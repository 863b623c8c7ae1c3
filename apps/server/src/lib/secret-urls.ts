// `scheme://user:password@host`: the password of any URL in a text (a broker, database or SMTP address in a log
// line, an error or the start-up banner). Passwords with reserved characters are percent-encoded in a URL.
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/@]+@/gi

/** The text with every URL's password replaced by `***` (the user name stays: it says which account). */
export function maskUrlSecrets(text: string): string {
  return text.replace(URL_PASSWORD, '$1***@')
}

/** A log destination that masks URL passwords in each line before it is written. */
export function maskingStream(out: { write: (line: string) => unknown }): { write: (line: string) => void } {
  return {
    write: (line: string) => {
      out.write(maskUrlSecrets(line))
    },
  }
}
