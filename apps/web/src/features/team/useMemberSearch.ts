import Fuse from 'fuse.js';
import { MEMBER_SEARCH, type PartnerAgent } from '@pc/contract';
import { useMemo } from 'react';

export const useMemberSearch = (members: PartnerAgent[], query: string): PartnerAgent[] => {
  const fuse = useMemo(() => new Fuse(members, { keys: ['name'], ...MEMBER_SEARCH }), [members]);
  return useMemo(
    () => (query.trim() ? fuse.search(query.trim()).map((result) => result.item) : members),
    [fuse, members, query],
  );
};
