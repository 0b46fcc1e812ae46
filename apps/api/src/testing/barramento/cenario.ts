import type { EspeciePen, HipoteseLegalPen } from '@tramite/shared';

/**
 * What the test barramento knows before any trâmite: repositories of structures (each structure with its parent, so
 * the hierarchy is derived), the PEN's species and legal hypotheses, and the systems (by certificate) with the
 * structures each one represents.
 */

export interface EstruturaCenario {
  numero: number;
  nome: string;
  sigla: string;
  /** The structure above, in the same repository. */
  pai?: number;
  ativo?: boolean;
  aptoParaReceberTramites?: boolean;
  codigoNoOrgaoEntidade?: string;
}

export interface RepositorioCenario {
  id: number;
  nome: string;
  ativo: boolean;
  estruturas: EstruturaCenario[];
}

export interface SistemaCenario {
  nome: string;
  /** SHA-256 fingerprint of its certificate (CertificadoSistema.impressao). */
  impressao: string;
  /** The structures it sends from and receives for, by repository. */
  estruturas: { repositorio: number; numero: number }[];
}

export interface CenarioBarramento {
  repositorios: RepositorioCenario[];
  especies: EspeciePen[];
  hipoteses: HipoteseLegalPen[];
  sistemas: SistemaCenario[];
}

export const REPOSITORIO_EXECUTIVO = 1;

/**
 * Two universities with a Trâmite each (systems A and B) and a ministry with no system of ours, in the Executive's
 * repository; a legacy repository and an inactive one. Species are codes the PEN uses (protocol notes §6.3).
 */
export function cenarioPadrao(impressoes: { A: string; B: string }): CenarioBarramento {
  return {
    repositorios: [
      {
        id: REPOSITORIO_EXECUTIVO,
        nome: 'Poder Executivo Federal',
        ativo: true,
        estruturas: [
          { numero: 100, nome: 'Universidade Federal de Exemplo', sigla: 'UFEX', codigoNoOrgaoEntidade: '26999' },
          { numero: 101, nome: 'Reitoria', sigla: 'REIT', pai: 100 },
          { numero: 102, nome: 'Pró-Reitoria de Graduação', sigla: 'PROGRAD', pai: 101 },
          { numero: 103, nome: 'Protocolo Geral', sigla: 'PROTOCOLO', pai: 101 },
          { numero: 104, nome: 'Biblioteca Central', sigla: 'BC', pai: 101, aptoParaReceberTramites: false },
          { numero: 200, nome: 'Universidade Federal do Outro Exemplo', sigla: 'UFOE', codigoNoOrgaoEntidade: '26998' },
          { numero: 201, nome: 'Reitoria', sigla: 'REIT', pai: 200 },
          { numero: 202, nome: 'Divisão de Protocolo', sigla: 'DIPROT', pai: 201 },
          { numero: 300, nome: 'Ministério da Gestão e da Inovação em Serviços Públicos', sigla: 'MGI' },
          { numero: 301, nome: 'Secretaria de Gestão e Inovação', sigla: 'SEGES', pai: 300 },
          { numero: 302, nome: 'Departamento de Normas Extinto', sigla: 'DENOR', pai: 301, ativo: false },
        ],
      },
      {
        id: 2,
        nome: 'Órgãos/ Entidades Legado',
        ativo: true,
        estruturas: [{ numero: 1, nome: 'Órgão de Teste 1', sigla: 'ORGAO1' }],
      },
      { id: 3, nome: 'Repositório Desativado', ativo: false, estruturas: [] },
    ],
    especies: [
      { codigo: 42, nomeNoProdutor: 'Despacho' },
      { codigo: 83, nomeNoProdutor: 'Minuta' },
      { codigo: 95, nomeNoProdutor: 'Parecer' },
      { codigo: 125, nomeNoProdutor: 'Requerimento' },
      { codigo: 179, nomeNoProdutor: 'Anexo' },
    ],
    hipoteses: [
      { identificacao: 1, nome: 'Informação Pessoal', baseLegal: 'Art. 31 da Lei nº 12.527/2011', status: true },
      {
        identificacao: 2,
        nome: 'Documento Preparatório',
        baseLegal: 'Art. 7º, § 3º, da Lei nº 12.527/2011',
        status: true,
      },
      { identificacao: 3, nome: 'Sigilo Fiscal', baseLegal: 'Art. 198 da Lei nº 5.172/1966', status: true },
      { identificacao: 4, nome: 'Controle Interno', baseLegal: 'Art. 26, § 3º, da Lei nº 10.180/2001', status: false },
    ],
    sistemas: [
      {
        nome: 'A',
        impressao: impressoes.A,
        estruturas: [100, 101, 102, 103, 104].map((numero) => ({ repositorio: REPOSITORIO_EXECUTIVO, numero })),
      },
      {
        nome: 'B',
        impressao: impressoes.B,
        estruturas: [200, 201, 202].map((numero) => ({ repositorio: REPOSITORIO_EXECUTIVO, numero })),
      },
    ],
  };
}

/**
 * A configuration that `PUT /api/administracao/tramita` accepts (inactive, nothing optional filled in), pointing at
 * `urlBase` and the scenario's executive repository; `mudancas` overrides fields.
 */
export function configuracaoTramitaDeTeste(urlBase: string, mudancas: Record<string, unknown> = {}) {
  return {
    ambiente: 'HOMOLOGACAO',
    urlBase,
    idRepositorio: REPOSITORIO_EXECUTIVO,
    numeroEstruturaRaiz: 100,
    ativo: false,
    blocoMb: 50,
    tamanhoMaximoComponenteMb: 100,
    intervaloConsultaSegundos: 60,
    idUnidadeTramita: null,
    idTipoDocumentoRecebido: null,
    codigoEspeciePadraoEnvio: null,
    idTipoPecaPadraoRecebimento: null,
    ...mudancas,
  };
}
