import type { Projection } from './projection';

/** Every read model, in the order the runner feeds them. */
export const allProjections = (): Projection[] => [];
