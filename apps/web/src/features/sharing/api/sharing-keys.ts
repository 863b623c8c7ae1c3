/** Cache keys of the sharing screens. */
export const sharingKeys = {
  all: ['sharing'] as const,
  shares: (itemId: string) => [...sharingKeys.all, 'shares', itemId] as const,
  itemInvitations: (itemId: string) => [...sharingKeys.all, 'item-invitations', itemId] as const,
  audit: (itemId: string, page: number) => [...sharingKeys.all, 'audit', itemId, page] as const,
  mine: () => [...sharingKeys.all, 'mine'] as const,
  preview: (token: string) => [...sharingKeys.all, 'preview', token] as const,
  handedOver: () => [...sharingKeys.all, 'handed-over'] as const,
}
