/**
 * The poison-message rule of docs/device-protocol.md ("Messages the broker will not take"): a QoS 1 message that
 * was the first unacknowledged one when the connection closed, twice in a row, is dropped, so that a message the
 * broker answers by closing the connection (Mosquitto 2.0 on a forbidden publish) is not resent for ever. Only
 * the first one is suspect: the messages sent after it were merely waiting behind it. Ids are mqtt.js's message
 * ids (reused after an acknowledgement).
 */
export class PoisonRule {
  /** Publish ids in the order they went out on the current connection. */
  private sentOrder: number[] = []
  private suspect: { id: number; closes: number } | null = null

  constructor(private readonly limit = 2) {}

  /** A QoS 1 message went out (first time or resent). */
  sent(messageId: number): void {
    this.sentOrder.push(messageId)
  }

  /** The broker acknowledged the message. */
  acknowledged(messageId: number): void {
    this.sentOrder = this.sentOrder.filter((id) => id !== messageId)
    if (this.suspect?.id === messageId) this.suspect = null
  }

  /**
   * A connection that had been accepted closed; `waiting` are the ids still unacknowledged. Answers the id to
   * drop now, if any.
   */
  connectionClosed(waiting: readonly number[]): number | null {
    const still = new Set(waiting)
    const first = this.sentOrder.find((id) => still.has(id))
    this.sentOrder = []
    if (first === undefined) {
      this.suspect = null
      return null
    }
    const closes = this.suspect?.id === first ? this.suspect.closes + 1 : 1
    if (closes >= this.limit) {
      this.suspect = null
      return first
    }
    this.suspect = { id: first, closes }
    return null
  }
}
