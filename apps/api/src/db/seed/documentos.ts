import { type FormatoNup, formatarNup, somenteDigitosNup } from '@tramite/shared';
import type { SituacaoDocumento } from '../schema.ts';
import type { Aleatorio } from './aleatorio.ts';
import { fluxosEspecificos, type PassoDemo, passoLivre } from './fluxos.ts';
import { type InteressadoDemo, interessadoDaPessoa, interessadosDoTipo } from './interessados.ts';
import {
  DESPACHO_REENCAMINHAMENTO,
  DESPACHOS_ARQUIVAR,
  DESPACHOS_DESARQUIVAR,
  DESPACHOS_DEVOLVER,
  DESPACHOS_ENCAMINHAR,
  DESPACHOS_PREPARATORIOS,
  DESPACHOS_RESTRITOS,
  MODELOS_RESUMO,
  MOTIVOS_DESARQUIVAMENTO,
  MOTIVOS_URGENCIA,
  type ModeloResumo,
  OBSERVACOES,
} from './modelos.ts';
import { anoLocal, dataLocal, MINUTOS_DIA_UTIL, type RelogioExpediente, somarDias } from './relogio.ts';
import { comPreposicao, idUnidade, UNIDADES, unidadePorId } from './unidades.ts';
import { USUARIOS, type UsuarioDemo, usuario, usuariosDaUnidade } from './usuarios.ts';
import { type ChaveTipo, HIPOTESE, idAssunto, TIPO } from './vocabulario.ts';

/** How a document's story ends; each maps to a situacao and an estado 2001. */
export type Desfecho =
  | 'EM_CRIACAO'
  | 'ENVIADO'
  | 'RECEBIDO'
  | 'ARQUIVADO'
  | 'ARQUIVANDO'
  | 'DESARQUIVADO'
  | 'REARQUIVADO'
  | 'CONCLUIDO'
  | 'SOBRESTADO'
  | 'CANCELADO'
  | 'REENCAMINHADO'
  | 'REENCAMINHADO_T'
  | 'JUNTADO';

export interface MovimentoPlano {
  sequencia: number;
  origem: number;
  destino: number;
  passo: PassoDemo;
  remetente: number;
  recebido: boolean;
  recebedor: number | null;
  reencaminhamento: boolean;
  nivelAcesso: 'P' | 'R';
  idHipoteseLegal: number | null;
  despacho: string;
  despachoPreparatorio: string | null;
  /** Office days the holder kept the document before this sending (overrides the random gap). */
  esperaDias?: number;
  /** Office days until it was received (overrides the random gap). */
  transitoDias?: number;
  tDespacho: number;
  tRecebimento: number | null;
  id: number;
}

export interface JuntadaPlano {
  agregador: DocumentoPlano;
  tipo: 'ANEXACAO' | 'APENSACAO';
  usuario: number;
  t: number;
  desjuntada: { usuario: number; t: number } | null;
}

export interface DesarquivamentoPlano {
  movimento: MovimentoPlano;
  usuario: number;
  motivo: string;
}

export interface DocumentoPlano {
  ordem: number;
  id: number;
  desfecho: Desfecho;
  chaveTipo: ChaveTipo;
  idTipo: number;
  modelo: ModeloResumo;
  idAssunto: number;
  interessado: InteressadoDemo;
  resumo: string;
  criador: UsuarioDemo;
  unidadeCriadora: number;
  movimentos: MovimentoPlano[];
  situacao: SituacaoDocumento;
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  visibilidadeCaixa: number | null;
  urgente: boolean;
  motivoUrgencia: string | null;
  observacao: string | null;
  unidadeAtual: number;
  tCriacao: number;
  /** Office minutes of the last change; grows as peças, joins and cancellations are added. */
  tUltimaAlteracao: number;
  /** Close of the document's story (conclusion, suspension, cancellation) after its last movement. */
  tDesfecho: number | null;
  juntada: JuntadaPlano | null;
  desarquivamentos: DesarquivamentoPlano[];
  origem: {
    documento: DocumentoPlano | null;
    numero: string | null;
    emissor: string;
    data: string;
    recebimento: string;
  } | null;
  numero: string;
  numeroDigitos: string;
  codigoUnidade: number;
  ano: number;
  sequencial: number;
  semPecas: boolean;
  rotulos: string[];
}

export interface UltimoNup {
  codigoUnidade: number;
  ano: number;
  ultimo: number;
}

export interface OpcoesDocumento {
  desfecho: Desfecho;
  tipo?: ChaveTipo;
  criador?: string;
  unidadeCriadora?: string;
  /** Ordinary movements before the ending (a range picks one at random). */
  movimentos?: number | [number, number];
  /** Unit the document ends in (received there, or on its way there when ENVIADO). */
  destinoFinal?: string;
  interessado?: InteressadoDemo;
  /** Office days between the last event and now. */
  recencia?: [number, number];
  estadoOrigem?: number;
  semPecas?: boolean;
  urgente?: boolean;
  rotulos?: string[];
  /**
   * Office days each holder keeps the document before sending it on (not the creator's first sending), by type;
   * without it, a short random wait. The year of history (seed/historia.ts) gives days to weeks.
   */
  estadia?: (tipo: ChaveTipo) => number;
}

export const PESOS_TIPO: [ChaveTipo, number][] = [
  ['processo', 14],
  ['requerimento', 13],
  ['oficio', 13],
  ['solicitacaoDiarias', 9],
  ['processoCompra', 8],
  ['processoNatoDigital', 8],
  ['despacho', 3],
  ['portaria', 3],
  ['parecer', 3],
  ['ata', 2],
  ['edital', 3],
  ['contrato', 3],
  ['convenio', 2],
  ['relatorio', 3],
  ['notaTecnica', 2],
  ['declaracao', 2],
  ['certidao', 2],
  ['processoSeletivo', 4],
  ['recursoAdministrativo', 3],
  ['memorando', 3],
];

/** Units that usually open each type (all of them are protocol units). */
const CRIADORAS: Record<ChaveTipo, string[]> = {
  memorando: ['GR', 'PROAD', 'PROGRAD', 'CCH'],
  oficio: ['PROT', 'GR', 'PROGRAD', 'PROAD', 'PROEX'],
  processo: ['PROT', 'DAP', 'PROGEPE', 'CCET', 'CCH', 'CCS'],
  requerimento: ['PROT', 'DAA', 'PROGRAD'],
  despacho: ['GR', 'PROAD', 'PROGRAD'],
  portaria: ['GR', 'PROGEPE'],
  parecer: ['PROAD', 'PROGRAD', 'GR'],
  ata: ['GR', 'PROGRAD', 'CCET', 'CCH'],
  edital: ['PROGEPE', 'PROGRAD', 'PROEX', 'PROPESQ'],
  contrato: ['PROAD', 'DLC'],
  convenio: ['GR', 'PROEX', 'PROAD'],
  relatorio: ['PROPLAN', 'PROEX', 'PROPESQ', 'CCS'],
  notaTecnica: ['PROPLAN', 'PROAD'],
  declaracao: ['DAP', 'DAA', 'PROGEPE'],
  certidao: ['DAP', 'DAA'],
  solicitacaoDiarias: ['CCET', 'CCH', 'CCS', 'PROPESQ', 'PROEX', 'PROGRAD'],
  processoCompra: ['DLC', 'PROAD', 'CCET', 'CCS'],
  processoSeletivo: ['CCET', 'CCH', 'CCS', 'PROGEPE'],
  recursoAdministrativo: ['PROT', 'DAA'],
  processoNatoDigital: ['PROT', 'PROGRAD', 'PROAD', 'PROGEPE', 'CCET'],
};

/** Units each type usually travels to. */
const DESTINOS: Record<ChaveTipo, string[]> = {
  memorando: ['PROAD', 'PROGEPE', 'GR', 'DAP'],
  oficio: ['REIT', 'GR', 'PROPLAN', 'PROAD', 'PROGRAD', 'PF', 'PROEX', 'OUV'],
  processo: ['PROGEPE', 'DAP', 'DDP', 'PF', 'CCET', 'CCH', 'CCS', 'DHIS'],
  requerimento: ['DAA', 'PROGRAD', 'CCOMP', 'CECIV', 'CHIS', 'CMED', 'PRAE'],
  despacho: ['REIT', 'GR', 'PROAD', 'PROGRAD'],
  portaria: ['GR', 'PROGEPE', 'DAP', 'AUDIN'],
  parecer: ['PF', 'GR', 'PROAD', 'PROGRAD'],
  ata: ['GR', 'REIT', 'PROGRAD'],
  edital: ['PROGEPE', 'PF', 'GR', 'PROEX', 'PROPESQ'],
  contrato: ['DCC', 'PF', 'PROAD', 'DCF'],
  convenio: ['DCC', 'PF', 'PROEX', 'GR'],
  relatorio: ['REIT', 'GR', 'AUDIN', 'PROPLAN'],
  notaTecnica: ['REIT', 'PROPLAN', 'AUDIN'],
  declaracao: ['DAP', 'PROGEPE', 'DAA'],
  certidao: ['DAP', 'DAA'],
  solicitacaoDiarias: ['PROAD', 'DCF', 'PROPESQ'],
  processoCompra: ['DLC', 'PROAD', 'PF', 'DCF', 'DCC'],
  processoSeletivo: ['PROGEPE', 'DAP', 'PF', 'CCET', 'CCH', 'CCS'],
  recursoAdministrativo: ['PROGRAD', 'DAA', 'PF', 'PROGEPE'],
  processoNatoDigital: ['PROAD', 'PROGEPE', 'PROPESQ', 'PROEX', 'DAP', 'PROGRAD'],
};

/** estado 32002: mostly born-digital, some scanned, a few hybrid or paper. */
const PESOS_ORIGEM: [number, number][] = [
  [4, 60],
  [3, 20],
  [2, 10],
  [1, 10],
];

const FEMININOS_SEM_A = new Set(['Beatriz', 'Aline', 'Raquel', 'Isabel', 'Terezinha']);

function nomeFeminino(nome: string): boolean {
  const primeiro = nome.split(' ')[0] ?? '';
  return primeiro.endsWith('a') || FEMININOS_SEM_A.has(primeiro);
}

const TIPOS_COM_SERVIDOR: ChaveTipo[] = ['processo', 'solicitacaoDiarias', 'processoNatoDigital', 'declaracao'];

/** Office days of the whole demo history: about two calendar years. */
const DIAS_HISTORIA = 500;

const ATIVAS_COM_PESSOAL = UNIDADES.filter((u) => u.ativa && !u.arquivo && usuariosDaUnidade(u.id).length > 0).map(
  (u) => u.id,
);
const COM_PESSOAL = new Set(ATIVAS_COM_PESSOAL);
const ID_ARQUIVO = idUnidade('ARQ');

export class PlanejadorDocumentos {
  readonly documentos: DocumentoPlano[] = [];
  private readonly inicioHistoria: number;

  /** `semCarla`: Carla is never drawn as the interested party (her documents are the stories' fixed ones). */
  constructor(
    private readonly aleatorio: Aleatorio,
    private readonly relogio: RelogioExpediente,
    private readonly opcoes: { semCarla?: boolean } = {},
  ) {
    this.inicioHistoria = relogio.agoraMin - DIAS_HISTORIA * MINUTOS_DIA_UTIL;
  }

  // ------------------------------------------------------------------ choices

  private usuarioDe(idUnidadeUsuario: number): number {
    const ativos = usuariosDaUnidade(idUnidadeUsuario);
    // A unit closed since then: its former staff handled the document at the time.
    const candidatos = ativos.length > 0 ? ativos : USUARIOS.filter((u) => u.lotacoes.includes(idUnidadeUsuario));
    if (candidatos.length === 0) throw new Error(`Unidade ${unidadePorId(idUnidadeUsuario).sigla} sem usuários`);
    return this.aleatorio.ponderado(candidatos.map((u) => [u.id, u.username === 'admin' ? 0.25 : 1] as const));
  }

  private escolherTipo(desfecho: Desfecho): ChaveTipo {
    const tipo = this.aleatorio.ponderado(PESOS_TIPO);
    // Memorando is an extinct type: only old, closed documents have it.
    if (tipo === 'memorando' && !['ARQUIVADO', 'CONCLUIDO'].includes(desfecho)) return 'oficio';
    return tipo;
  }

  private escolherInteressado(tipo: InteressadoDemo['tipo']): InteressadoDemo {
    const ativos = interessadosDoTipo(tipo);
    if (tipo === 'S') {
      const carla = interessadoDaPessoa(usuario('carla').idPessoa);
      if (this.opcoes.semCarla) return this.aleatorio.escolher(ativos.filter((i) => i.id !== carla.id));
      if (this.aleatorio.chance(0.12)) return carla;
    }
    return this.aleatorio.escolher(ativos);
  }

  private preencherResumo(modelo: ModeloResumo, interessado: InteressadoDemo, ano: number): string {
    const feminino = nomeFeminino(interessado.nome);
    return modelo.texto
      .replace('{doServidor}', `${feminino ? 'da servidora' : 'do servidor'} ${interessado.nome}`)
      .replace('{doAluno}', `${feminino ? 'da aluna' : 'do aluno'} ${interessado.nome}`)
      .replace('{interessado}', interessado.nome)
      .replace('{doInteressado}', comPreposicao(interessado.nome))
      .replace('{n}', String(this.aleatorio.inteiro(1, 180)))
      .replace('{ano}', String(ano));
  }

  private passosEspecificosPossiveis(
    origem: number,
    idTipo: number,
    movimentos: MovimentoPlano[],
  ): { destino: number; passo: PassoDemo }[] {
    const possiveis: { destino: number; passo: PassoDemo }[] = [];
    for (const fluxo of fluxosEspecificos(idTipo)) {
      for (const passo of fluxo.passos) {
        if (passo.tipo !== 'ENCAMINHAR' && passo.tipo !== 'DEVOLVER') continue;
        if (passo.origens.length > 0 && !passo.origens.includes(origem)) continue;
        let destinos: number[] = [];
        if (passo.destino === 'PAI') {
          const pai = unidadePorId(origem).idPai;
          destinos = pai === null ? [] : [pai];
        } else if (passo.destino === 'LISTADAS') {
          destinos = passo.destinos;
        } else if (passo.tipo === 'DEVOLVER') {
          const anterior = movimentos[movimentos.length - 1];
          destinos = anterior ? [anterior.origem] : [];
        }
        // Returning is the exception, not the rule: without this, documents bounce back and forth.
        if (passo.tipo === 'DEVOLVER' && !this.aleatorio.chance(0.3)) continue;
        for (const destino of destinos) {
          if (destino !== origem && COM_PESSOAL.has(destino)) possiveis.push({ destino, passo });
        }
      }
    }
    return possiveis;
  }

  private escolherDestino(
    origem: number,
    chave: ChaveTipo,
    movimentos: MovimentoPlano[],
    evitar: ReadonlySet<number>,
  ): { destino: number; passo: PassoDemo } {
    const idTipo = TIPO[chave];
    const especificos = this.passosEspecificosPossiveis(origem, idTipo, movimentos).filter(
      (p) => !evitar.has(p.destino),
    );
    if (especificos.length > 0 && this.aleatorio.chance(0.75)) return this.aleatorio.escolher(especificos);
    const aceitavel = (id: number) => id !== origem && !evitar.has(id) && COM_PESSOAL.has(id);
    const preferidos = DESTINOS[chave].map(idUnidade).filter(aceitavel);
    const destino =
      preferidos.length > 0 && this.aleatorio.chance(0.7)
        ? this.aleatorio.escolher(preferidos)
        : this.aleatorio.escolher(ATIVAS_COM_PESSOAL.filter(aceitavel));
    return { destino, passo: passoLivre(idTipo, 'ENCAMINHAR') };
  }

  private passoPara(origem: number, destino: number, chave: ChaveTipo, movimentos: MovimentoPlano[]): PassoDemo {
    const especificos = this.passosEspecificosPossiveis(origem, TIPO[chave], movimentos).filter(
      (p) => p.destino === destino,
    );
    if (especificos.length > 0 && this.aleatorio.chance(0.75)) return this.aleatorio.escolher(especificos).passo;
    return passoLivre(TIPO[chave], 'ENCAMINHAR');
  }

  private despachoPara(passo: PassoDemo, restrito: boolean): string {
    switch (passo.tipo) {
      case 'ARQUIVAR':
        return this.aleatorio.escolher(DESPACHOS_ARQUIVAR);
      case 'DESARQUIVAR':
        return this.aleatorio.escolher(DESPACHOS_DESARQUIVAR);
      case 'DEVOLVER':
        return this.aleatorio.escolher(DESPACHOS_DEVOLVER);
      default:
        return this.aleatorio.escolher(restrito ? DESPACHOS_RESTRITOS : DESPACHOS_ENCAMINHAR);
    }
  }

  private hipoteseDoDocumento(chave: ChaveTipo, interessado: InteressadoDemo): number {
    if (chave === 'parecer' || chave === 'notaTecnica') return HIPOTESE.documentoPreparatorio;
    if (interessado.tipo === 'F')
      return this.aleatorio.chance(0.5) ? HIPOTESE.sigiloEmpresarial : HIPOTESE.sigiloFiscal;
    if (chave === 'portaria' && this.aleatorio.chance(0.5)) return HIPOTESE.processoDisciplinar;
    return HIPOTESE.informacaoPessoal;
  }

  // ------------------------------------------------------------------ one document

  novo(opcoes: OpcoesDocumento): DocumentoPlano {
    const a = this.aleatorio;
    const { desfecho } = opcoes;
    let chave = opcoes.tipo ?? this.escolherTipo(desfecho);
    let modelo: ModeloResumo;
    let interessado: InteressadoDemo;
    if (opcoes.interessado) {
      const forcado = opcoes.interessado;
      if (!MODELOS_RESUMO[chave].some((m) => m.interessados.includes(forcado.tipo))) {
        chave = forcado.tipo === 'S' ? a.escolher(TIPOS_COM_SERVIDOR) : chave;
      }
      modelo = a.escolher(MODELOS_RESUMO[chave].filter((m) => m.interessados.includes(forcado.tipo)));
      interessado = forcado;
    } else {
      modelo = a.escolher(MODELOS_RESUMO[chave]);
      interessado = this.escolherInteressado(a.escolher(modelo.interessados));
    }
    const idTipo = TIPO[chave];

    let unidadeCriadora: number;
    let criador: UsuarioDemo;
    if (opcoes.criador) {
      criador = usuario(opcoes.criador);
      unidadeCriadora = opcoes.unidadeCriadora ? idUnidade(opcoes.unidadeCriadora) : criador.idUnidadeAtual;
    } else {
      const sigla = opcoes.unidadeCriadora ?? (a.chance(0.4) ? 'PROT' : a.escolher(CRIADORAS[chave]));
      unidadeCriadora = idUnidade(sigla);
      const idCriador = this.usuarioDe(unidadeCriadora);
      criador = USUARIOS.find((u) => u.id === idCriador) as UsuarioDemo;
    }
    if (!unidadePorId(unidadeCriadora).protocolo) {
      throw new Error(`A unidade ${unidadePorId(unidadeCriadora).sigla} não abre documentos`);
    }

    const movimentos: MovimentoPlano[] = [];
    let atual = unidadeCriadora;
    const enviar = (
      destino: number,
      passo: PassoDemo,
      recebido: boolean,
      extras: Partial<MovimentoPlano> = {},
    ): MovimentoPlano => {
      const restrito = passo.tipo === 'ENCAMINHAR' && a.chance(0.07);
      const movimento: MovimentoPlano = {
        sequencia: movimentos.length + 1,
        origem: atual,
        destino,
        passo,
        remetente: extras.remetente ?? this.usuarioDe(atual),
        recebido,
        recebedor: recebido ? (extras.recebedor ?? this.usuarioDe(destino)) : null,
        reencaminhamento: false,
        nivelAcesso: restrito ? 'R' : 'P',
        idHipoteseLegal: restrito ? this.hipoteseDoDocumento(chave, interessado) : null,
        despacho: this.despachoPara(passo, restrito),
        despachoPreparatorio: a.chance(0.08) ? a.escolher(DESPACHOS_PREPARATORIOS) : null,
        tDespacho: 0,
        tRecebimento: null,
        id: 0,
        ...extras,
      };
      movimentos.push(movimento);
      if (recebido) atual = destino;
      return movimento;
    };
    const andar = (evitar: ReadonlySet<number> = new Set()) => {
      const { destino, passo } = this.escolherDestino(atual, chave, movimentos, evitar);
      enviar(destino, passo, true);
    };
    const quantos = (padrao: [number, number]) => {
      const faixa = opcoes.movimentos ?? padrao;
      return typeof faixa === 'number' ? faixa : a.inteiro(faixa[0], faixa[1]);
    };
    const andarAte = (destinoFinal: number, recebido: boolean, extras: Partial<MovimentoPlano> = {}) => {
      const n = quantos([0, 4]);
      for (let i = 0; i < n; i++) andar(i === n - 1 ? new Set([destinoFinal]) : new Set());
      while (atual === destinoFinal) andar(new Set([destinoFinal]));
      enviar(destinoFinal, this.passoPara(atual, destinoFinal, chave, movimentos), recebido, extras);
    };
    const arquivar = (recebido: boolean) =>
      enviar(ID_ARQUIVO, passoLivre(idTipo, 'ARQUIVAR'), recebido, {
        recebedor: recebido ? this.usuarioDe(ID_ARQUIVO) : null,
      });
    const desarquivamentos: DesarquivamentoPlano[] = [];
    const desarquivar = () => {
      const arquivamento = movimentos[movimentos.length - 1] as MovimentoPlano;
      const destino = a.chance(0.7) ? arquivamento.origem : a.escolher(ATIVAS_COM_PESSOAL);
      const movimento = enviar(destino, passoLivre(idTipo, 'DESARQUIVAR'), true);
      desarquivamentos.push({ movimento, usuario: movimento.remetente, motivo: a.escolher(MOTIVOS_DESARQUIVAMENTO) });
    };
    const destinoFinal = opcoes.destinoFinal ? idUnidade(opcoes.destinoFinal) : null;

    let situacao: SituacaoDocumento = 'RECEBIDO';
    let estadoProcessamento = 1;
    let visibilidadeCaixa: number | null = a.chance(0.05) ? 1 : null;
    let recencia: [number, number];
    let posDesfecho = false;

    switch (desfecho) {
      case 'EM_CRIACAO':
        situacao = 'EM_CRIACAO';
        estadoProcessamento = 6;
        recencia = [0.02, 12];
        break;
      case 'CANCELADO': {
        situacao = 'E';
        estadoProcessamento = 4;
        const n = quantos(a.chance(0.4) ? [0, 0] : [1, 4]);
        for (let i = 0; i < n; i++) andar();
        posDesfecho = true;
        recencia = [1, 400];
        break;
      }
      case 'ENVIADO': {
        situacao = 'ENVIADO';
        if (destinoFinal !== null) {
          andarAte(destinoFinal, false);
        } else {
          const n = quantos([0, 5]);
          for (let i = 0; i < n; i++) andar();
          const { destino, passo } = this.escolherDestino(atual, chave, movimentos, new Set());
          enviar(destino, passo, false);
        }
        recencia = a.chance(0.85) ? [0.02, 15] : [15, 60];
        break;
      }
      case 'RECEBIDO':
      case 'CONCLUIDO':
      case 'SOBRESTADO':
      case 'JUNTADO': {
        if (destinoFinal !== null) {
          andarAte(destinoFinal, true);
        } else {
          const n = quantos([1, 6]);
          for (let i = 0; i < n; i++) andar();
        }
        if (desfecho === 'CONCLUIDO') {
          estadoProcessamento = 3;
          posDesfecho = true;
          recencia = [3, 480];
        } else if (desfecho === 'SOBRESTADO') {
          estadoProcessamento = 5;
          posDesfecho = true;
          recencia = [3, 200];
        } else {
          recencia = [0.05, 40];
          if (destinoFinal === null) {
            const r = a.proximo();
            recencia = [0.05 + 480 * r ** 1.5, 0.1 + 480 * r ** 1.5];
          }
        }
        break;
      }
      case 'ARQUIVADO':
      case 'ARQUIVANDO': {
        if (destinoFinal !== null) {
          // Archived by the unit it was last received in.
          andarAte(destinoFinal, true);
        } else {
          const n = quantos([0, 4]);
          for (let i = 0; i < n; i++) andar();
        }
        estadoProcessamento = 2;
        if (desfecho === 'ARQUIVADO') {
          arquivar(true);
          recencia = [10, 470];
        } else {
          arquivar(false);
          situacao = 'ENVIADO';
          visibilidadeCaixa = 2;
          recencia = [0.2, 10];
        }
        break;
      }
      case 'DESARQUIVADO':
      case 'REARQUIVADO': {
        const n = quantos([1, 3]);
        for (let i = 0; i < n; i++) andar();
        arquivar(true);
        const arquivamento = movimentos[movimentos.length - 1] as MovimentoPlano;
        arquivamento.transitoDias = a.real(0.05, 1);
        desarquivar();
        (movimentos[movimentos.length - 1] as MovimentoPlano).esperaDias = a.real(40, 160);
        const depois = a.inteiro(0, 2);
        for (let i = 0; i < depois; i++) andar();
        if (desfecho === 'REARQUIVADO') {
          arquivar(true);
          estadoProcessamento = 2;
          recencia = [5, 60];
        } else {
          recencia = [0.2, 60];
        }
        break;
      }
      case 'REENCAMINHADO': {
        // Received long ago in a unit since closed; an administrator forwarded it on the unit's behalf.
        const inativa = idUnidade('CPD');
        const n = quantos([0, 2]);
        for (let i = 0; i < n; i++) andar();
        enviar(inativa, this.passoPara(atual, inativa, chave, movimentos), true, {
          recebedor: usuario('jose').id,
        });
        enviar(destinoFinal ?? idUnidade('STI'), passoLivre(idTipo, 'ENCAMINHAR'), true, {
          remetente: usuario('admin').id,
          reencaminhamento: true,
          despacho: DESPACHO_REENCAMINHAMENTO,
          esperaDias: a.real(150, 250),
        });
        recencia = [1, 20];
        break;
      }
      case 'REENCAMINHADO_T': {
        // Sent to a unit that was closed before receiving it; an administrator received it in the unit's name.
        situacao = 'T';
        const n = quantos([0, 2]);
        for (let i = 0; i < n; i++) andar();
        enviar(idUnidade('CEAD'), passoLivre(idTipo, 'ENCAMINHAR'), true, {
          recebedor: usuario('admin').id,
          reencaminhamento: true,
          transitoDias: a.real(150, 250),
        });
        recencia = [0.1, 5];
        break;
      }
    }
    if (opcoes.recencia) recencia = opcoes.recencia;
    if (opcoes.estadia) {
      for (const movimento of movimentos) {
        if (movimento.sequencia > 1) movimento.esperaDias ??= opcoes.estadia(chave);
      }
    }

    const urgente = opcoes.urgente ?? (desfecho !== 'CANCELADO' && a.chance(0.06));
    const plano: DocumentoPlano = {
      ordem: this.documentos.length,
      id: 0,
      desfecho,
      chaveTipo: chave,
      idTipo,
      modelo,
      idAssunto: idAssunto(modelo.assunto),
      interessado,
      resumo: '',
      criador,
      unidadeCriadora,
      movimentos,
      situacao,
      estadoProcessamento,
      estadoOrigem:
        opcoes.estadoOrigem ??
        (desfecho === 'EM_CRIACAO'
          ? a.ponderado([
              [4, 3],
              [3, 1],
            ] as const)
          : a.ponderado(PESOS_ORIGEM)),
      estadoTamanho: 1,
      visibilidadeCaixa,
      urgente,
      motivoUrgencia: urgente ? a.escolher(MOTIVOS_URGENCIA) : null,
      observacao: a.chance(0.1) ? a.escolher(OBSERVACOES) : null,
      unidadeAtual: atual,
      tCriacao: 0,
      tUltimaAlteracao: 0,
      tDesfecho: null,
      juntada: null,
      desarquivamentos,
      origem: null,
      numero: '',
      numeroDigitos: '',
      codigoUnidade: unidadePorId(unidadeCriadora).codigo,
      ano: 0,
      sequencial: 0,
      semPecas: opcoes.semPecas ?? false,
      rotulos: opcoes.rotulos ?? [],
    };
    this.distribuirTempos(plano, a.real(recencia[0], recencia[1]), posDesfecho);
    plano.resumo = this.preencherResumo(modelo, interessado, anoLocal(this.relogio.paraData(plano.tCriacao)));
    this.documentos.push(plano);
    return plano;
  }

  /**
   * Places the story backwards from its last event (`recencia` office days ago): creation, then for each movement
   * the time the holder kept it and the time in transit, then the ending.
   */
  private distribuirTempos(plano: DocumentoPlano, recencia: number, posDesfecho: boolean): void {
    const a = this.aleatorio;
    const dia = MINUTOS_DIA_UTIL;
    const duracoes: number[] = [];
    for (const movimento of plano.movimentos) {
      const espera =
        movimento.esperaDias ?? (movimento.sequencia === 1 ? 0.02 + 2 * a.proximo() ** 2 : 0.05 + 5 * a.proximo() ** 2);
      duracoes.push(espera * dia);
      if (movimento.recebido) duracoes.push((movimento.transitoDias ?? 0.01 + 1.5 * a.proximo() ** 2) * dia);
    }
    const pos = posDesfecho ? (0.1 + 5 * a.proximo() ** 2) * dia : 0;
    if (posDesfecho) duracoes.push(pos);
    const fim = this.relogio.agoraMin - recencia * dia - 1;
    const total = duracoes.reduce((s, d) => s + d, 0);
    const escala = fim - total < this.inicioHistoria ? (fim - this.inicioHistoria) / total : 1;
    let t = fim - total * escala;
    plano.tCriacao = t;
    let i = 0;
    for (const movimento of plano.movimentos) {
      t += (duracoes[i++] as number) * escala;
      movimento.tDespacho = t;
      if (movimento.recebido) {
        t += (duracoes[i++] as number) * escala;
        movimento.tRecebimento = t;
      }
    }
    if (posDesfecho) {
      t += pos * escala;
      plano.tDesfecho = t;
    }
    plano.tUltimaAlteracao = t;
  }

  // ------------------------------------------------------------------ joins

  /** Joins `filho` (already received in the parent's unit) to `agregador`, optionally detached later. */
  juntar(filho: DocumentoPlano, agregador: DocumentoPlano, tipo: 'ANEXACAO' | 'APENSACAO', desfeita: boolean): void {
    const a = this.aleatorio;
    if (filho.unidadeAtual !== agregador.unidadeAtual) throw new Error('Juntada entre unidades diferentes');
    const depoisDe = Math.max(filho.tUltimaAlteracao, agregador.tUltimaAlteracao);
    const limite = this.relogio.agoraMin - 2;
    const t = Math.min(depoisDe + a.real(0.05, 3) * MINUTOS_DIA_UTIL, depoisDe + (limite - depoisDe) * 0.6);
    const usuarioJuntada = this.usuarioDe(agregador.unidadeAtual);
    let desjuntada: JuntadaPlano['desjuntada'] = null;
    if (desfeita) {
      const td = Math.min(t + a.real(0.5, 10) * MINUTOS_DIA_UTIL, t + (limite - t) * 0.6);
      desjuntada = { usuario: this.usuarioDe(agregador.unidadeAtual), t: td };
    }
    filho.juntada = { agregador, tipo, usuario: usuarioJuntada, t, desjuntada };
    const ultimo = desjuntada ? desjuntada.t : t;
    filho.tUltimaAlteracao = Math.max(filho.tUltimaAlteracao, ultimo);
    agregador.tUltimaAlteracao = Math.max(agregador.tUltimaAlteracao, ultimo);
    if (!desfeita) filho.situacao = 'E';
  }

  // ------------------------------------------------------------------ numbering

  /**
   * Ids follow creation order, and so do the NUP sequences, gapless per (unit code, year). Returns the last number
   * used per code and year, for `sequencia_nup`. `depoisDe`: documents numbered after another plan's (ids after its
   * last, its sequences continued).
   */
  numerar(
    formato: FormatoNup,
    depoisDe: { ultimoId: number; ultimos: ReadonlyMap<string, UltimoNup> } = { ultimoId: 0, ultimos: new Map() },
  ): Map<string, UltimoNup> {
    const ordenados = [...this.documentos].sort((x, y) => x.tCriacao - y.tCriacao || x.ordem - y.ordem);
    const ultimos = new Map([...depoisDe.ultimos].map(([chave, u]) => [chave, { ...u }]));
    ordenados.forEach((plano, indice) => {
      plano.id = depoisDe.ultimoId + indice + 1;
      plano.ano = anoLocal(this.relogio.paraData(plano.tCriacao));
      const chave = `${plano.codigoUnidade}/${plano.ano}`;
      const contador = ultimos.get(chave) ?? { codigoUnidade: plano.codigoUnidade, ano: plano.ano, ultimo: 0 };
      contador.ultimo += 1;
      ultimos.set(chave, contador);
      plano.sequencial = contador.ultimo;
      plano.numero = formatarNup(
        { codigoUnidade: plano.codigoUnidade, sequencial: plano.sequencial, ano: plano.ano },
        formato,
      );
      plano.numeroDigitos = somenteDigitosNup(plano.numero);
    });
    this.documentos.sort((x, y) => x.id - y.id);
    return ultimos;
  }

  /**
   * A type whose name states the origin fixes it: a 'Processo Eletrônico Nato-Digital' is never digitised (estado
   * 32002 = 3 would show it as 'Processo Eletrônico Nato-Digital (Digitalizado)') nor on paper. Called once the peças
   * are planned: the origin drawn for these documents still drives the random choices, so the rest of the demo data
   * stays as it was (their peças may be scanned copies, as a born-digital process may hold).
   */
  origemPeloTipo(): void {
    for (const plano of this.documentos) {
      if (plano.chaveTipo === 'processoNatoDigital') plano.estadoOrigem = 4;
    }
  }

  /** Origin documents: external letters (ofícios of other bodies) and earlier documents of the institution. */
  preencherOrigens(): void {
    const a = this.aleatorio;
    for (const plano of this.documentos) {
      const criacao = this.relogio.paraData(plano.tCriacao);
      if (
        plano.interessado.tipo === 'O' &&
        ['oficio', 'convenio', 'parecer'].includes(plano.chaveTipo) &&
        a.chance(0.7)
      ) {
        const data = somarDias(criacao, -a.inteiro(3, 25));
        plano.origem = {
          documento: null,
          numero: `Ofício nº ${a.inteiro(10, 320)}/${anoLocal(data)}`,
          emissor: plano.interessado.nome,
          data: dataLocal(data),
          recebimento: dataLocal(somarDias(criacao, -a.inteiro(0, 2))),
        };
        continue;
      }
      const relacionado: Partial<Record<ChaveTipo, ChaveTipo>> = {
        recursoAdministrativo: 'requerimento',
        parecer: 'processoCompra',
        contrato: 'processoCompra',
      };
      const tipoOrigem = relacionado[plano.chaveTipo];
      if (!tipoOrigem || !a.chance(0.6)) continue;
      const anteriores = this.documentos.filter(
        (d) =>
          d.id < plano.id && d.chaveTipo === tipoOrigem && d.situacao !== 'EM_CRIACAO' && d.estadoProcessamento !== 4,
      );
      if (anteriores.length === 0) continue;
      const documento = a.escolher(anteriores);
      plano.origem = {
        documento,
        numero: documento.numero,
        emissor: 'UFEX',
        data: dataLocal(this.relogio.paraData(documento.tCriacao)),
        recebimento: dataLocal(criacao),
      };
    }
  }
}
