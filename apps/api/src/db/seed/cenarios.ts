import type { Aleatorio } from './aleatorio.ts';
import type { Desfecho, DocumentoPlano, OpcoesDocumento, PlanejadorDocumentos } from './documentos.ts';
import { interessadoDaPessoa } from './interessados.ts';
import { idUnidade, unidadePorId } from './unidades.ts';
import { usuario } from './usuarios.ts';

/** Labels that `ResumoSemente` turns into lists of document ids. */
export const ROTULOS = [
  'emCriacaoAna',
  'emCriacaoBruno',
  'tipo571SemPecas',
  'tipo571ComPecas',
  'pendentesProtocolo',
  'enviadosPeloProtocolo',
  'recebidosProtocolo',
  'pendentesUnidadeBruno',
  'recebidosUnidadeBruno',
  'muitasTramitacoes',
  'paradosEmUnidadeInativa',
  'reencaminhadosT',
  'reencaminhados',
  'anexados',
  'apensados',
  'agregadores',
  'juntadaDesfeita',
] as const;
export type Rotulo = (typeof ROTULOS)[number];

/**
 * The demo's stories, about 300 documents. The fixed part guarantees what tests and the tour rely on (the
 * Protocolo Central's box, Bruno's unit, Carla's documents, a type 571 draft without peças); the rest is random
 * but seeded.
 */
export function planejarCenarios(planejador: PlanejadorDocumentos, aleatorio: Aleatorio): void {
  const novo = (opcoes: OpcoesDocumento, rotulos: Rotulo[] = []) =>
    planejador.novo({ ...opcoes, rotulos: [...(opcoes.rotulos ?? []), ...rotulos] });
  const repetir = (quantidade: number, opcoes: () => OpcoesDocumento, rotulos: Rotulo[] = []) => {
    const criados: DocumentoPlano[] = [];
    for (let i = 0; i < quantidade; i++) criados.push(novo(opcoes(), rotulos));
    return criados;
  };
  const carla = interessadoDaPessoa(usuario('carla').idPessoa);
  const protocolo = idUnidade('PROT');

  // Drafts (EM_CRIACAO): Ana's in the Protocolo Central, Bruno's in PROGRAD, others anywhere.
  novo(
    {
      desfecho: 'EM_CRIACAO',
      tipo: 'processoNatoDigital',
      criador: 'ana',
      semPecas: true,
      estadoOrigem: 4,
      recencia: [0.05, 2],
    },
    ['emCriacaoAna', 'tipo571SemPecas'],
  );
  novo({ desfecho: 'EM_CRIACAO', tipo: 'processoNatoDigital', criador: 'ana', estadoOrigem: 4 }, [
    'emCriacaoAna',
    'tipo571ComPecas',
  ]);
  for (const tipo of ['requerimento', 'oficio', 'processo', 'recursoAdministrativo'] as const) {
    novo({ desfecho: 'EM_CRIACAO', tipo, criador: 'ana' }, ['emCriacaoAna']);
  }
  novo({ desfecho: 'EM_CRIACAO', tipo: 'processo', criador: 'ana', interessado: carla }, ['emCriacaoAna']);
  repetir(3, () => ({ desfecho: 'EM_CRIACAO', criador: 'bruno' }), ['emCriacaoBruno']);
  novo({ desfecho: 'EM_CRIACAO', tipo: 'processoNatoDigital', unidadeCriadora: 'PROGEPE', semPecas: true });
  novo({ desfecho: 'EM_CRIACAO', tipo: 'processo', unidadeCriadora: 'DAA', estadoOrigem: 1 });
  novo({ desfecho: 'EM_CRIACAO', tipo: 'solicitacaoDiarias', unidadeCriadora: 'CCH', interessado: carla });
  repetir(17, () => ({
    desfecho: 'EM_CRIACAO',
    unidadeCriadora: aleatorio.escolher(['GR', 'PROAD', 'DLC', 'CCET', 'CCS', 'DAP', 'PROEX', 'PROPESQ']),
  }));

  // Sent and waiting to be received (ENVIADO).
  repetir(
    10,
    () => ({
      desfecho: 'ENVIADO',
      destinoFinal: 'PROT',
      movimentos: [0, 3],
      unidadeCriadora: aleatorio.escolher(['GR', 'PROGRAD', 'PROAD', 'DAA', 'PROGEPE', 'CCET', 'CCH']),
      recencia: [0.02, 12],
    }),
    ['pendentesProtocolo'],
  );
  novo({ desfecho: 'ENVIADO', destinoFinal: 'PROT', unidadeCriadora: 'DAA', urgente: true, recencia: [0.1, 1] }, [
    'pendentesProtocolo',
  ]);
  novo({ desfecho: 'ENVIADO', destinoFinal: 'PROT', unidadeCriadora: 'CCH', interessado: carla, recencia: [0.5, 3] }, [
    'pendentesProtocolo',
  ]);
  repetir(
    6,
    () => ({
      desfecho: 'ENVIADO',
      destinoFinal: 'PROGRAD',
      movimentos: [0, 3],
      tipo: aleatorio.escolher([
        'requerimento',
        'recursoAdministrativo',
        'oficio',
        'edital',
        'processoNatoDigital',
      ] as const),
      recencia: [0.02, 12],
    }),
    ['pendentesUnidadeBruno'],
  );
  repetir(
    6,
    () => ({ desfecho: 'ENVIADO', criador: aleatorio.escolher(['ana', 'joao']), movimentos: 0, recencia: [0.02, 10] }),
    ['enviadosPeloProtocolo'],
  );
  novo({
    desfecho: 'ENVIADO',
    tipo: 'solicitacaoDiarias',
    unidadeCriadora: 'CCH',
    interessado: carla,
    destinoFinal: 'PROAD',
  });
  repetir(20, () => ({ desfecho: 'ENVIADO' }));
  for (const destino of ['CEAD', 'CEAD', 'DPAT']) {
    novo({ desfecho: 'ENVIADO', destinoFinal: destino, movimentos: [0, 2], recencia: [200, 400] }, [
      'paradosEmUnidadeInativa',
    ]);
  }
  repetir(4, () => ({ desfecho: 'ARQUIVANDO' }));

  // Received (RECEBIDO, in progress).
  repetir(12, () => ({ desfecho: 'RECEBIDO', destinoFinal: 'PROT', movimentos: [0, 4] }), ['recebidosProtocolo']);
  repetir(2, () => ({ desfecho: 'RECEBIDO', destinoFinal: 'PROT', interessado: carla }), ['recebidosProtocolo']);
  novo({ desfecho: 'RECEBIDO', tipo: 'processoCompra', destinoFinal: 'PROT', movimentos: 29, recencia: [0.2, 3] }, [
    'recebidosProtocolo',
    'muitasTramitacoes',
  ]);
  repetir(8, () => ({ desfecho: 'RECEBIDO', destinoFinal: 'PROGRAD', movimentos: [0, 4] }), ['recebidosUnidadeBruno']);
  repetir(3, () => ({ desfecho: 'RECEBIDO', destinoFinal: 'DHIS', interessado: carla }));
  novo({ desfecho: 'RECEBIDO', tipo: 'solicitacaoDiarias', interessado: carla, destinoFinal: 'DCF' });
  repetir(3, () => ({ desfecho: 'RECEBIDO', destinoFinal: 'CPD', movimentos: [0, 2], recencia: [300, 450] }), [
    'paradosEmUnidadeInativa',
  ]);
  novo({ desfecho: 'REENCAMINHADO', destinoFinal: 'STI' }, ['reencaminhados']);
  repetir(2, () => ({ desfecho: 'REENCAMINHADO_T' }), ['reencaminhadosT']);
  const recebidos = repetir(84, () => ({ desfecho: 'RECEBIDO' }));

  // Closed stories.
  repetir(26, () => ({ desfecho: 'ARQUIVADO' }));
  repetir(2, () => ({ desfecho: 'REARQUIVADO' }));
  repetir(8, () => ({ desfecho: 'DESARQUIVADO' }));
  repetir(21, () => ({ desfecho: 'CONCLUIDO' }));
  novo({ desfecho: 'CONCLUIDO', tipo: 'processo', interessado: carla });
  repetir(10, () => ({ desfecho: 'SOBRESTADO' }));
  repetir(12, () => ({ desfecho: 'CANCELADO' }));

  // Joins: children received in their parent's unit, then attached (for good) or appended; a few appends undone.
  const agregadoresPossiveis = [
    ...planejador.documentos
      .filter((d) => d.rotulos.includes('recebidosProtocolo') && !d.rotulos.includes('muitasTramitacoes'))
      .slice(0, 3),
    ...planejador.documentos.filter((d) => d.rotulos.includes('recebidosUnidadeBruno')).slice(0, 2),
    ...aleatorio.amostra(
      recebidos.filter((d) => d.unidadeAtual !== protocolo),
      10,
    ),
  ];
  const juntas: [Desfecho, 'ANEXACAO' | 'APENSACAO', boolean][] = [
    ...Array.from({ length: 10 }, () => ['JUNTADO', 'ANEXACAO', false] as [Desfecho, 'ANEXACAO', boolean]),
    ...Array.from({ length: 8 }, () => ['JUNTADO', 'APENSACAO', false] as [Desfecho, 'APENSACAO', boolean]),
    ...Array.from({ length: 4 }, () => ['RECEBIDO', 'APENSACAO', true] as [Desfecho, 'APENSACAO', boolean]),
  ];
  juntas.forEach(([desfecho, tipo, desfeita], indice) => {
    const agregador = agregadoresPossiveis[indice % agregadoresPossiveis.length] as DocumentoPlano;
    const sigla = unidadePorId(agregador.unidadeAtual).sigla;
    const filho = novo({ desfecho, destinoFinal: sigla, movimentos: [0, 3] });
    planejador.juntar(filho, agregador, tipo, desfeita);
    if (!agregador.rotulos.includes('agregadores')) agregador.rotulos.push('agregadores');
    filho.rotulos.push(desfeita ? 'juntadaDesfeita' : tipo === 'ANEXACAO' ? 'anexados' : 'apensados');
  });

  // A few large (volumoso) files.
  const volumosos = planejador.documentos.filter(
    (d) => ['processoCompra', 'edital', 'processoSeletivo'].includes(d.chaveTipo) && d.estadoOrigem !== 1,
  );
  for (const plano of aleatorio.amostra(volumosos, 5)) plano.estadoTamanho = 2;
}
