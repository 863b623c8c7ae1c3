import { createContext, useContext } from 'react'

/** Opens the 'Потрібна допомога?' modal; supplied around the shell by the help feature. */
export const HelpRequestContext = createContext<(() => void) | null>(null)

/** The opener, or null where no help modal is provided (the card then links to the help page). */
export function useOpenHelpRequest(): (() => void) | null {
  return useContext(HelpRequestContext)
}
