/** Query-key roots, one per resource, so that invalidation reaches every query of a resource. */
export const queryKeys = {
  users: ['users'] as const,
  currentUser: ['users', 'current-user'] as const,
};
