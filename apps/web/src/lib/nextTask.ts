/** Resolves in a new task: the browser may paint and answer input before what follows. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
