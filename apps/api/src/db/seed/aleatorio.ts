/** mulberry32: a tiny seeded PRNG, so the demo data is the same on every run. */
export class Aleatorio {
  private estado: number;

  constructor(semente: number) {
    this.estado = semente >>> 0;
  }

  /** A number in [0, 1). */
  proximo(): number {
    this.estado = (this.estado + 0x6d2b79f5) >>> 0;
    let t = this.estado;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  inteiro(min: number, max: number): number {
    return min + Math.floor(this.proximo() * (max - min + 1));
  }

  /** A real number in [min, max). */
  real(min: number, max: number): number {
    return min + this.proximo() * (max - min);
  }

  chance(probabilidade: number): boolean {
    return this.proximo() < probabilidade;
  }

  escolher<T>(lista: readonly T[]): T {
    if (lista.length === 0) throw new Error('Lista vazia');
    return lista[Math.floor(this.proximo() * lista.length)] as T;
  }

  ponderado<T>(opcoes: readonly (readonly [T, number])[]): T {
    const total = opcoes.reduce((soma, [, peso]) => soma + peso, 0);
    let alvo = this.proximo() * total;
    for (const [valor, peso] of opcoes) {
      alvo -= peso;
      if (alvo < 0) return valor;
    }
    return (opcoes[opcoes.length - 1] as readonly [T, number])[0];
  }

  embaralhar<T>(lista: readonly T[]): T[] {
    const copia = [...lista];
    for (let i = copia.length - 1; i > 0; i--) {
      const j = Math.floor(this.proximo() * (i + 1));
      [copia[i], copia[j]] = [copia[j] as T, copia[i] as T];
    }
    return copia;
  }

  amostra<T>(lista: readonly T[], quantidade: number): T[] {
    return this.embaralhar(lista).slice(0, quantidade);
  }
}
