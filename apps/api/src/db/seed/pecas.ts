import type { Aleatorio } from './aleatorio.ts';
import type { ChaveArquivo } from './arquivos-demo.ts';
import type { DocumentoPlano } from './documentos.ts';
import type { PassoDemo } from './fluxos.ts';
import { MINUTOS_DIA_UTIL, type RelogioExpediente } from './relogio.ts';
import { usuariosDaUnidade } from './usuarios.ts';
import { type ChaveTipo, HIPOTESE } from './vocabulario.ts';

type TipoCopia = 'N' | 'O' | 'A' | 'C' | 'S';

export interface CancelamentoPlano {
  vinculo: 'M' | 'D';
  t: number;
  usuario: number;
  justificativa: string;
  destino: DocumentoPlano | null;
}

export interface PecaPlano {
  id: number;
  documento: DocumentoPlano;
  sequencial: number;
  /** The movement the peça travels in (1-based): the next sending after it was added. */
  etapa: number;
  /** That movement was sent, so the peça is part of the record (situacao_tramitacao T). */
  enviada: boolean;
  passo: PassoDemo | null;
  t: number;
  usuario: number;
  arquivo: ChaveArquivo;
  nome: string;
  descricao: string;
  tipoCopia: TipoCopia;
  nivelAcesso: 'P' | 'R';
  idHipoteseLegal: number | null;
  cancelamento: CancelamentoPlano | null;
}

const PRINCIPAL: Record<ChaveTipo, ChaveArquivo> = {
  memorando: 'despacho',
  oficio: 'oficio',
  processo: 'requerimento',
  requerimento: 'requerimento',
  despacho: 'despacho',
  portaria: 'despacho',
  parecer: 'parecer',
  ata: 'despacho',
  edital: 'termoReferencia',
  contrato: 'parecer',
  convenio: 'oficio',
  relatorio: 'despacho',
  notaTecnica: 'despacho',
  declaracao: 'declaracao',
  certidao: 'declaracao',
  solicitacaoDiarias: 'requerimento',
  processoCompra: 'termoReferencia',
  processoSeletivo: 'despacho',
  recursoAdministrativo: 'requerimento',
  processoNatoDigital: 'requerimento',
};

const COMPLEMENTARES: Partial<Record<ChaveTipo, ChaveArquivo[]>> = {
  processoCompra: ['parecer', 'despacho', 'fotografia', 'oficio'],
  solicitacaoDiarias: ['comprovante', 'despacho', 'declaracao'],
  requerimento: ['comprovante', 'declaracao', 'despacho'],
  recursoAdministrativo: ['comprovante', 'despacho'],
  processo: ['declaracao', 'despacho', 'comprovante'],
  contrato: ['termoReferencia', 'despacho'],
  convenio: ['parecer', 'despacho'],
};
const COMPLEMENTARES_PADRAO: ChaveArquivo[] = ['despacho', 'comprovante', 'parecer', 'declaracao', 'fotografia'];

const DESCRICOES: Record<ChaveArquivo, string[]> = {
  oficio: ['Ofício nº {n}/{ano}', 'Ofício de encaminhamento nº {n}/{ano}'],
  requerimento: ['Requerimento assinado pelo interessado', 'Formulário de solicitação preenchido'],
  despacho: ['Despacho da chefia imediata', 'Despacho de autorização', 'Manifestação da unidade'],
  parecer: ['Parecer jurídico nº {n}/{ano}', 'Parecer técnico nº {n}/{ano}'],
  termoReferencia: ['Termo de referência', 'Termo de referência e pesquisa de preços'],
  declaracao: ['Declaração funcional', 'Declaração da unidade'],
  comprovante: ['Documentos pessoais digitalizados', 'Comprovante de inscrição no evento', 'Comprovante de residência'],
  fotografia: ['Registro fotográfico do local', 'Fotografia do bem a ser baixado'],
};

const NOMES: Record<ChaveArquivo, (n: number, ano: number) => string> = {
  oficio: (n, ano) => `oficio-${n}-${ano}.pdf`,
  requerimento: () => 'requerimento-assinado.pdf',
  despacho: () => 'despacho-chefia.pdf',
  parecer: (n, ano) => `parecer-${n}-${ano}.pdf`,
  termoReferencia: () => 'termo-de-referencia.pdf',
  declaracao: () => 'declaracao.pdf',
  comprovante: () => 'documentos-digitalizados.png',
  fotografia: () => 'registro-fotografico.png',
};

const TIPOS_COPIA_DIGITALIZADA: [TipoCopia, number][] = [
  ['O', 5],
  ['A', 2],
  ['C', 1.5],
  ['S', 1.5],
];

export class PlanejadorPecas {
  readonly pecas: PecaPlano[] = [];

  constructor(
    private readonly aleatorio: Aleatorio,
    private readonly relogio: RelogioExpediente,
  ) {}

  private usuarioDe(idUnidade: number, preferido: number | null): number {
    if (preferido !== null) return preferido;
    return this.aleatorio.escolher(usuariosDaUnidade(idUnidade)).id;
  }

  private tipoCopia(plano: DocumentoPlano, arquivo: ChaveArquivo): TipoCopia {
    const a = this.aleatorio;
    if (arquivo === 'comprovante') return a.ponderado(TIPOS_COPIA_DIGITALIZADA);
    if (arquivo === 'fotografia') return 'N';
    if (plano.estadoOrigem === 4) return 'N';
    if (plano.estadoOrigem === 3) return a.ponderado(TIPOS_COPIA_DIGITALIZADA);
    return a.ponderado([
      ['N', 2],
      ['O', 1],
      ['S', 1],
    ] as const);
  }

  /** Whether the holder may still add peças that have not travelled yet. */
  private aceitaNovasPecas(plano: DocumentoPlano): boolean {
    if (plano.juntada && !plano.juntada.desjuntada) return false;
    if (plano.situacao === 'EM_CRIACAO') return true;
    return plano.situacao === 'RECEBIDO' && plano.estadoProcessamento === 1;
  }

  planejar(documentos: readonly DocumentoPlano[]): void {
    const a = this.aleatorio;
    for (const plano of documentos) {
      if (plano.semPecas || plano.estadoOrigem === 1 || !a.chance(0.62)) continue;
      const n = plano.movimentos.length;
      const etapas: number[] = [];
      for (let k = 1; k <= n; k++) etapas.push(k);
      const rascunhoCancelado = n === 0 && plano.estadoProcessamento === 4;
      if (this.aceitaNovasPecas(plano) || rascunhoCancelado) etapas.push(n + 1);
      if (etapas.length === 0) continue;
      const quantidade = a.ponderado([
        [1, 35],
        [2, 30],
        [3, 18],
        [4, 10],
        [5, 7],
      ] as const);
      const escolhidas = [1, ...Array.from({ length: quantidade - 1 }, () => a.escolher(etapas))];
      const novas = escolhidas.map((etapa, indice) => this.novaPeca(plano, Math.min(etapa, n + 1), indice === 0));
      novas.sort((x, y) => x.t - y.t);
      novas.forEach((peca, indice) => {
        peca.sequencial = indice + 1;
      });
      for (const peca of novas) plano.tUltimaAlteracao = Math.max(plano.tUltimaAlteracao, peca.t);
      this.pecas.push(...novas);
    }
  }

  private janela(plano: DocumentoPlano, etapa: number): [number, number] {
    const n = plano.movimentos.length;
    const anterior = plano.movimentos[etapa - 2];
    const inicio = etapa === 1 ? plano.tCriacao : (anterior?.tRecebimento ?? plano.tCriacao);
    const movimento = plano.movimentos[etapa - 1];
    if (movimento) return [inicio, movimento.tDespacho];
    if (n === 0 && plano.tDesfecho !== null) return [inicio, plano.tDesfecho];
    const limite = plano.juntada ? plano.juntada.t : this.relogio.agoraMin - 1;
    return [inicio, Math.min(limite, inicio + 3 * MINUTOS_DIA_UTIL)];
  }

  private novaPeca(plano: DocumentoPlano, etapa: number, principal: boolean): PecaPlano {
    const a = this.aleatorio;
    const [inicio, fim] = this.janela(plano, etapa);
    const t = inicio + (fim - inicio) * a.real(0.05, 0.95);
    const movimento = plano.movimentos[etapa - 1] ?? null;
    const anterior = plano.movimentos[etapa - 2] ?? null;
    const arquivo = principal
      ? PRINCIPAL[plano.chaveTipo]
      : a.escolher(COMPLEMENTARES[plano.chaveTipo] ?? COMPLEMENTARES_PADRAO);
    const n = a.inteiro(10, 480);
    const restrita = arquivo === 'comprovante' ? a.chance(0.4) : a.chance(0.06);
    let hipotese: number | null = null;
    if (restrita) {
      if (arquivo === 'comprovante') hipotese = HIPOTESE.informacaoPessoal;
      else if (arquivo === 'parecer') hipotese = HIPOTESE.documentoPreparatorio;
      else if (plano.interessado.tipo === 'F') hipotese = HIPOTESE.sigiloEmpresarial;
      else hipotese = HIPOTESE.informacaoPessoal;
    }
    let usuario: number;
    if (etapa === 1) usuario = plano.criador.id;
    else if (movimento) usuario = movimento.remetente;
    else usuario = this.usuarioDe(plano.unidadeAtual, anterior?.recebedor ?? null);
    return {
      id: 0,
      documento: plano,
      sequencial: 0,
      etapa,
      enviada: movimento !== null,
      passo: movimento ? movimento.passo : null,
      t,
      usuario,
      arquivo,
      nome: NOMES[arquivo](n, plano.ano),
      descricao: a.escolher(DESCRICOES[arquivo]).replace('{n}', String(n)).replace('{ano}', String(plano.ano)),
      tipoCopia: this.tipoCopia(plano, arquivo),
      nivelAcesso: restrita ? 'R' : 'P',
      idHipoteseLegal: hipotese,
      cancelamento: null,
    };
  }

  /**
   * Cancels a peça of a few received documents: some desentranhadas (D, the second of three or more), some
   * desmembradas (M, the last one) into another document of the same unit, which gets a copy as its newest peça.
   */
  cancelar(documentos: readonly DocumentoPlano[], quantidade: { D: number; M: number }): void {
    const a = this.aleatorio;
    const limite = this.relogio.agoraMin - 2;
    const porDocumento = new Map<DocumentoPlano, PecaPlano[]>();
    for (const peca of this.pecas) {
      const lista = porDocumento.get(peca.documento) ?? [];
      lista.push(peca);
      porDocumento.set(peca.documento, lista);
    }
    const recebidoEmAndamento = (d: DocumentoPlano) =>
      d.desfecho === 'RECEBIDO' &&
      d.situacao === 'RECEBIDO' &&
      d.estadoProcessamento === 1 &&
      d.juntada === null &&
      usuariosDaUnidade(d.unidadeAtual).length > 0;
    const usados = new Set<DocumentoPlano>();
    const fontes = documentos.filter((d) => {
      const pecas = porDocumento.get(d) ?? [];
      return recebidoEmAndamento(d) && pecas.length >= 2 && pecas.every((p) => p.enviada);
    });
    const momento = (base: number) => Math.min(base + a.real(0.1, 4) * MINUTOS_DIA_UTIL, base + (limite - base) * 0.5);
    let desentranhadas = 0;
    let desmembradas = 0;
    for (const fonte of fontes) {
      if (desentranhadas >= quantidade.D && desmembradas >= quantidade.M) break;
      if (usados.has(fonte) || fonte.tUltimaAlteracao >= limite) continue;
      const pecas = porDocumento.get(fonte) as PecaPlano[];
      const ultima = pecas[pecas.length - 1] as PecaPlano;
      const usuario = a.escolher(usuariosDaUnidade(fonte.unidadeAtual)).id;
      if (desmembradas < quantidade.M) {
        const destino = documentos.find(
          (d) =>
            d !== fonte &&
            !usados.has(d) &&
            recebidoEmAndamento(d) &&
            d.unidadeAtual === fonte.unidadeAtual &&
            d.tUltimaAlteracao < limite &&
            (porDocumento.get(d) ?? []).every((p) => p.cancelamento === null),
        );
        if (destino) {
          const t = momento(Math.max(fonte.tUltimaAlteracao, destino.tUltimaAlteracao));
          ultima.cancelamento = {
            vinculo: 'M',
            t,
            usuario,
            justificativa: `Peça juntada por engano; desmembrada para o documento ${destino.numero}.`,
            destino,
          };
          const pecasDestino = porDocumento.get(destino) ?? [];
          const copia: PecaPlano = {
            ...ultima,
            id: 0,
            documento: destino,
            sequencial: pecasDestino.length + 1,
            etapa: destino.movimentos.length + 1,
            enviada: false,
            passo: null,
            t,
            usuario,
            descricao: `${ultima.descricao} (desmembrada do documento ${fonte.numero})`,
            cancelamento: null,
          };
          this.pecas.push(copia);
          porDocumento.set(destino, [...pecasDestino, copia]);
          fonte.tUltimaAlteracao = Math.max(fonte.tUltimaAlteracao, t);
          destino.tUltimaAlteracao = Math.max(destino.tUltimaAlteracao, t);
          usados.add(fonte);
          usados.add(destino);
          desmembradas++;
          continue;
        }
      }
      if (desentranhadas < quantidade.D) {
        const t = momento(fonte.tUltimaAlteracao);
        // With three or more, the second is desentranhada: the later ones move up to close the gap, and the list
        // shows the cancelled peça between them, without a number.
        const desentranhada = pecas.length >= 3 ? (pecas[1] as PecaPlano) : ultima;
        for (const peca of pecas) {
          if (peca.sequencial > desentranhada.sequencial && peca.cancelamento === null) peca.sequencial -= 1;
        }
        desentranhada.cancelamento = {
          vinculo: 'D',
          t,
          usuario,
          justificativa: 'Desentranhada a pedido do interessado, com devolução do documento original.',
          destino: null,
        };
        fonte.tUltimaAlteracao = Math.max(fonte.tUltimaAlteracao, t);
        usados.add(fonte);
        desentranhadas++;
      }
    }
  }
}
