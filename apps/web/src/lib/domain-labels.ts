import { LABELS_UK, registerMessages } from '@teplo/domain'

// The Ukrainian wording of the domain's labels (work modes, statuses, roles, access levels, settings, alarms,
// controller errors: ADR 055), which only the signed-in screens show: a chunk loaded with their strings
// (loadScreenStrings), so the first visit to the sign-in page does not carry it.
registerMessages('uk', { labels: LABELS_UK })
