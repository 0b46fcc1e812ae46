import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EstruturaTramita,
  MENSAGENS,
  type OpcoesEnvioTramita,
  type Peca,
  type VerificacaoTramita,
} from '@tramite/shared';
import { useId, useState } from 'react';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { api, mensagemDoErro } from '../../lib/api';
import { chavesPecas, usePecas } from '../pecas/api';
import { useTiposDocumentos } from '../tipos-documentos/api';
import { BuscaEstruturas } from './BuscaEstruturasTramita';
import { TEXTOS_ENVIO_TRAMITA as T } from './textos';

/**
 * Issue 24, step 5: Tramitar's external destination (docs/tramita-govbr-desenho.md §2.1–2.2). The user picks the
 * repository and searches the structure; then the pre-send check shows what the barramento or the destination would
 * refuse, grouped by peça, with the fix at hand where there is one (the peça's type). No sending yet (step 7).
 * Loaded with React.lazy only when the option shows.
 */

const chaveVerificacao = (idDocumento: number) => ['documentos', idDocumento, 'tramita-verificacao'] as const;

/** The species' errors a peça's type fixes. */
const CONSERTO_TIPO = new Set(['ESPECIE_NAO_MAPEADA', 'ESPECIE_INATIVA']);

interface Item {
  codigo: string;
  mensagem: string;
  sequencial?: number | undefined;
  gravidade: 'ERRO' | 'ALERTA';
}

function ListaItens({ itens }: { itens: readonly Item[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {itens.map((item) => (
        <Typography
          component="li"
          key={`${item.gravidade}-${item.codigo}-${item.mensagem}`}
          data-codigo={item.codigo}
          sx={{ mb: 0.5 }}
        >
          <Box component="strong" sx={{ color: item.gravidade === 'ERRO' ? 'error.dark' : 'warning.dark' }}>
            {item.gravidade === 'ERRO' ? 'Erro' : 'Alerta'}:
          </Box>{' '}
          {item.mensagem}
        </Typography>
      ))}
    </Box>
  );
}

/** The type of a peça, chosen where the check asks for it. */
function EscolhaTipoPeca({ idDocumento, peca }: { idDocumento: number; peca: Peca }) {
  const id = useId();
  const tipos = useTiposDocumentos({ paraPecas: true });
  const [idTipo, setIdTipo] = useState<number | ''>(peca.idTipoDocumento ?? '');
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const queryClient = useQueryClient();
  const salvar = useMutation({
    mutationFn: (idTipoDocumento: number) =>
      api.patch<Peca>(`documentos/${idDocumento}/pecas/${peca.idAcessoAnexo}/tipo`, { idTipoDocumento }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chavesPecas.pecas(idDocumento) }),
        queryClient.invalidateQueries({ queryKey: chaveVerificacao(idDocumento) }),
      ]),
  });

  async function aoSalvar() {
    if (idTipo === '') return;
    try {
      await executar(T.salvandoTipo, () => salvar.mutateAsync(idTipo));
      snackbar.sucesso(MENSAGENS.arquivos.tipoPecaAlterado);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, T.erroSalvarTipo));
    }
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
      <TextField
        id={`${id}-tipo`}
        select
        size="small"
        label={T.tipoPecaDe(peca.sequencial)}
        value={idTipo}
        onChange={(evento) => setIdTipo(evento.target.value === '' ? '' : Number(evento.target.value))}
        sx={{ minWidth: 260 }}
        disabled={!tipos.data}
      >
        {(tipos.data ?? []).map((tipo) => (
          <MenuItem key={tipo.id} value={tipo.id}>
            {tipo.descricao}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={aoSalvar} disabled={idTipo === '' || salvar.isPending}>
        {T.salvarTipo}
      </Button>
    </Stack>
  );
}

/** The pre-send check for the chosen destination, grouped: the process's items, then each peça's. */
function BlocoVerificacao({
  idDocumento,
  repositorio,
  estrutura,
}: {
  idDocumento: number;
  repositorio: number;
  estrutura: number;
}) {
  const id = useId();
  const verificacao = useQuery({
    queryKey: [...chaveVerificacao(idDocumento), repositorio, estrutura],
    queryFn: ({ signal }) =>
      api.get<VerificacaoTramita>(`documentos/${idDocumento}/tramita/verificacao`, {
        params: { repositorio, estrutura },
        signal,
      }),
  });
  const pecas = usePecas(idDocumento);
  const dados = verificacao.data;
  const itens: Item[] = dados
    ? [
        ...dados.ERRO.map((item) => ({ ...item, gravidade: 'ERRO' as const })),
        ...dados.ALERTA.map((item) => ({ ...item, gravidade: 'ALERTA' as const })),
      ]
    : [];
  const doProcesso = itens.filter((item) => item.sequencial === undefined);
  const sequenciais = [...new Set(itens.flatMap((item) => (item.sequencial === undefined ? [] : [item.sequencial])))];
  sequenciais.sort((a, b) => a - b);
  const pecaAtiva = (sequencial: number) =>
    pecas.data?.find((peca) => peca.situacaoVinculo === null && peca.sequencial === sequencial);

  return (
    <Box component="section" aria-labelledby={`${id}-titulo`} data-testid="verificacao-tramita" sx={{ mt: 3 }}>
      <Typography id={`${id}-titulo`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {T.verificacao}
      </Typography>
      <Box aria-live="polite">
        {verificacao.isFetching ? <LinearProgress aria-label={T.verificando} sx={{ my: 1 }} /> : null}
        {verificacao.isError ? (
          <Alert severity="error">{mensagemDoErro(verificacao.error, T.erroVerificar)}</Alert>
        ) : null}
        {dados && !verificacao.isFetching ? (
          dados.ERRO.length === 0 ? (
            <Alert severity="success" data-testid="verificacao-sem-erro">
              <AlertTitle>{T.podeSerEnviado}</AlertTitle>
              {T.envioEmBreve}
            </Alert>
          ) : (
            <Alert severity="error" data-testid="verificacao-com-erro">
              {T.naoPodeSerEnviado}
            </Alert>
          )
        ) : null}
      </Box>
      {dados ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {doProcesso.length > 0 ? (
            <Box data-testid="verificacao-processo">
              <Typography component="h4" variant="body1" sx={{ fontWeight: 600, mb: 0.5 }}>
                {T.processo}
              </Typography>
              <ListaItens itens={doProcesso} />
            </Box>
          ) : null}
          {sequenciais.map((sequencial) => {
            const peca = pecaAtiva(sequencial);
            const daPeca = itens.filter((item) => item.sequencial === sequencial);
            const consertaComTipo = daPeca.some((item) => item.gravidade === 'ERRO' && CONSERTO_TIPO.has(item.codigo));
            return (
              <Box key={sequencial} data-testid={`verificacao-peca-${sequencial}`}>
                <Typography component="h4" variant="body1" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {T.peca(sequencial, peca?.nome ?? null)}
                </Typography>
                <ListaItens itens={daPeca} />
                {consertaComTipo && peca?.podeAlterar ? (
                  <EscolhaTipoPeca idDocumento={idDocumento} peca={peca} />
                ) : null}
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
}

/** Tramitar's "Órgão externo (Tramita GOV.BR)": repository, structure, then the pre-send check. */
export function VerificacaoEnvioTramita({ idDocumento, opcoes }: { idDocumento: number; opcoes: OpcoesEnvioTramita }) {
  const id = useId();
  const [idRepositorio, setIdRepositorio] = useState<number | ''>(
    opcoes.repositorios.some((r) => r.id === opcoes.idRepositorio)
      ? (opcoes.idRepositorio ?? '')
      : (opcoes.repositorios[0]?.id ?? ''),
  );
  const [destino, setDestino] = useState<EstruturaTramita | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby={`${id}-titulo`}>
      <Typography id={`${id}-titulo`} component="h2" variant="h6" sx={{ mb: 2 }}>
        {T.titulo}
      </Typography>
      <TextField
        id={`${id}-repositorio`}
        select
        label={T.repositorio}
        value={idRepositorio}
        onChange={(evento) => {
          setIdRepositorio(Number(evento.target.value));
          setDestino(null);
        }}
        sx={{ minWidth: 320 }}
      >
        {opcoes.repositorios.map((repositorio) => (
          <MenuItem key={repositorio.id} value={repositorio.id}>
            {repositorio.nome}
          </MenuItem>
        ))}
      </TextField>
      {idRepositorio === '' ? null : destino === null ? (
        <BuscaEstruturas idRepositorio={idRepositorio} aoEscolher={(_numero, estrutura) => setDestino(estrutura)} />
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 3, alignItems: { sm: 'center' } }}
            data-testid="destino-tramita"
          >
            <Typography>
              <strong>{T.destinoEscolhido}:</strong> {destino.nome}
              {destino.sigla ? ` (${destino.sigla})` : ''} — nº {destino.numero}
              {destino.hierarquia ? ` — ${destino.hierarquia}` : ''}
            </Typography>
            <Button onClick={() => setDestino(null)}>{T.trocarDestino}</Button>
          </Stack>
          <BlocoVerificacao idDocumento={idDocumento} repositorio={idRepositorio} estrutura={destino.numero} />
        </>
      )}
    </Paper>
  );
}
