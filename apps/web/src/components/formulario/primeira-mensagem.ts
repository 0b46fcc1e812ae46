import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The message of the first error, in the order the resolver gave them (the schema's fields, then its rules): what the
 * snackbar says when a form is refused. A rule about the whole form comes as `root`.
 */
export function primeiraMensagem<T extends FieldValues>(erros: FieldErrors<T>): string | undefined {
  for (const erro of Object.values(erros)) {
    if (typeof erro?.message === 'string' && erro.message) return erro.message;
  }
  return undefined;
}
