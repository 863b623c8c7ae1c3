/**
 * Device accounts kept by the broker itself (Mosquitto's dynamic security): the server creates, disables and
 * removes them as devices are paired, archived and deleted. Without one, the server checks every login itself
 * (embedded broker).
 */
export interface DeviceAccess {
  /** Creates (or re-creates, closing a connection made with the old secret) the device's client. */
  grant(serial: string, secret: string): Promise<void>
  /** Archived: the client is disabled and its connection closed. */
  suspend(serial: string): Promise<void>
  /** Back from the archive. */
  resume(serial: string): Promise<void>
  /** Deleted: the client and its role go, its connection closes. */
  remove(serial: string): Promise<void>
  close(): Promise<void>
}
