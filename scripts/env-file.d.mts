// Types of env-file.mjs, for its TypeScript test.
export const readEnvFile: (
  dir?: string,
  env?: Record<string, string | undefined>,
) => { file: string; set: string[]; kept: string[] } | null;
