/** Query keys of the firmware screen; one root, so a change refreshes every list at once. */
export const firmwareKeys = {
  all: ['firmware'] as const,
  images: () => [...firmwareKeys.all, 'images'] as const,
  rollouts: () => [...firmwareKeys.all, 'rollouts'] as const,
  devices: () => [...firmwareKeys.all, 'devices'] as const,
  deviceTypes: () => [...firmwareKeys.all, 'device-types'] as const,
}
