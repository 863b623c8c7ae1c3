import { FUEL_DEFAULTS } from '@teplo/domain'

// The pellet hopper of a generated past and the owner who fills it. The pellets are counted as the server counts
// them (energy of the stored readings / (calorific value × efficiency), ADR 013), so the server's estimate of
// what is left agrees with the refills written here. The owner looks in the hopper every morning and tops it up
// before it runs low; the last top-up falls a few days before the end, so a fresh demo starts part full.

const DAY_MS = 86_400_000
/** Hour of the morning look (Kyiv). */
const MORNING_HOUR = 8
/** Topped up when fewer days than this are left: the server's fuel alarm (3 days) never fires on the past. */
const TOP_UP_BELOW_DAYS = 4.5
/** The last top-up is timed so that this share of the hopper has burned by the end. */
const BURNED_AT_END = 0.3
/** What a house boiler burns a day until a day has been seen (kg). */
const FIRST_GUESS_KG_PER_DAY = 30

export interface HopperOptions {
  capacityKg: number
  start: number
  end: number
  calorificValue?: number
  boilerEfficiency?: number
}

export class HopperOwner {
  private readonly kgPerKwh: number
  private levelKg: number
  private burnedKg = 0
  private lastMorning = -1
  private lastTopUpDone = false

  constructor(private readonly options: HopperOptions) {
    this.kgPerKwh =
      1 /
      ((options.calorificValue ?? FUEL_DEFAULTS.calorific_value) *
        (options.boilerEfficiency ?? FUEL_DEFAULTS.boiler_efficiency))
    this.levelKg = options.capacityKg
  }

  /** Pellets left, kg. */
  get level(): number {
    return this.levelKg
  }

  /** A stored reading of `kw` standing for `seconds`. */
  burn(kw: number, seconds: number): void {
    const kg = ((kw * seconds) / 3600) * this.kgPerKwh
    this.levelKg = Math.max(0, this.levelKg - kg)
    this.burnedKg += kg
  }

  /** The kilograms the owner records at `ms` (a full hopper), or null when he does not top up then. */
  topUp(ms: number, kyivHour: number): number | null {
    const { capacityKg, start, end } = this.options
    if (ms === start) return capacityKg
    const day = Math.floor(ms / DAY_MS)
    if (kyivHour !== MORNING_HOUR || day === this.lastMorning || this.lastTopUpDone) return null
    this.lastMorning = day
    const elapsedDays = (ms - start) / DAY_MS
    const perDay = elapsedDays >= 1 ? this.burnedKg / elapsedDays : FIRST_GUESS_KG_PER_DAY
    const daysToEnd = (end - ms) / DAY_MS
    const last = perDay * daysToEnd <= BURNED_AT_END * capacityKg
    if (!last && this.levelKg >= TOP_UP_BELOW_DAYS * perDay) return null
    this.lastTopUpDone = last
    this.levelKg = capacityKg
    return capacityKg
  }
}
