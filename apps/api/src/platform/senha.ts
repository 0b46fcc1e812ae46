import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const PARAMETROS = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

function derivar(senha: string, sal: Buffer, opcoes: ScryptOptions & { keylen: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(senha.normalize('NFKC'), sal, opcoes.keylen, opcoes, (erro, chave) =>
      erro ? reject(erro) : resolve(chave),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function gerarHashSenha(senha: string): Promise<string> {
  const sal = randomBytes(16);
  const chave = await derivar(senha, sal, PARAMETROS);
  const { N, r, p } = PARAMETROS;
  return `scrypt$${N}$${r}$${p}$${sal.toString('base64url')}$${chave.toString('base64url')}`;
}

export async function conferirSenha(senha: string, hash: string | null): Promise<boolean> {
  const partes = hash?.split('$');
  if (partes?.length !== 6 || partes[0] !== 'scrypt') return false;
  const [, n, r, p, salTexto, chaveTexto] = partes as [string, string, string, string, string, string];
  const esperada = Buffer.from(chaveTexto, 'base64url');
  const obtida = await derivar(senha, Buffer.from(salTexto, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: esperada.length,
    maxmem: 64 * 1024 * 1024,
  });
  return obtida.length === esperada.length && timingSafeEqual(obtida, esperada);
}

/** A hash of a random password, used to spend the same time on unknown usernames as on known ones. */
export const HASH_FICTICIO = `scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(86)}`;
