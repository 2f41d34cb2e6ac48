/** A benchmark's on/off knob: set when its environment variable is `true` or `1`. */
export const envFlag = (name: string): boolean => ['true', '1'].includes(process.env[name] ?? '');
