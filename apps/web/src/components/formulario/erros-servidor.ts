import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ErroHttp } from '../../lib/api';

/** The fields a refused save names (`campo` or `body.campo`) get the server's message under them. */
export function marcarErrosDoServidor<T extends FieldValues>(
  erro: unknown,
  campos: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(erro instanceof ErroHttp)) return;
  for (const { campo, mensagem } of erro.erros) {
    const nome = campos.find((candidato) => campo === candidato || campo === `body.${candidato}`);
    if (nome) setError(nome, { type: 'server', message: mensagem });
  }
}
