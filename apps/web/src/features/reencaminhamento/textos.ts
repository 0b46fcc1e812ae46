/** Spec §2: the wizard's choices, in order. */
export const PASSOS = ['Unidade', 'Documento', 'Fluxo', 'Destino', 'Despacho'] as const;

/** Texts of the re-forwarding screen that the specification does not word; its own messages come from MENSAGENS. */
export const TEXTOS = {
  erroUnidades: 'Não foi possível carregar as unidades para reencaminhamento',
  erroCaixa: 'Não foi possível carregar os documentos da unidade',
  erroBuscarNumero: 'Não foi possível buscar o documento',
  numeroNaoEncontrado: 'Nenhum documento encontrado com esse número',
  erroReencaminhar: 'Não foi possível reencaminhar o documento',
  escolhaDocumento: 'Escolha um documento da lista',
  escolhaPasso: 'Escolha o fluxo e o passo',
  escolhaDestino: 'Escolha a unidade de destino',
} as const;
