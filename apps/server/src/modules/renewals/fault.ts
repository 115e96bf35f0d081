/**
 * Called inside each renewal's transaction once its writes are done, before it commits (tests make
 * a run fail half-way with it: the transaction it throws in rolls back, as if the process died there).
 */
export type Fault = (at: { kind: 'plan' | 'addon' | 'partnership'; id: string }) => void | Promise<void>;
