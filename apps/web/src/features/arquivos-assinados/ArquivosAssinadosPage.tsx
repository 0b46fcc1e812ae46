import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ArquivoAssinado,
  type FiltrosArquivosAssinados as Filtros,
  LIMITE_BUSCA_ARQUIVOS_ASSINADOS,
  MENSAGENS,
} from '@tramite/shared';
import { useId, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { chavesAssinados, excluirArquivoAssinado, useArquivosAssinados } from './api';
import { DialogoVinculo } from './DialogoVinculo';
import { FiltrosArquivosAssinados } from './FiltrosArquivosAssinados';
import { FormularioAssinatura } from './FormularioAssinatura';
import { TabelaArquivosAssinados } from './TabelaArquivosAssinados';

const M = MENSAGENS.arquivosAssinados;
const A = MENSAGENS.arquivos;

/** Spec §2: the signed files, filtered by link, signer, signing date and own files; at most 50 (spec §9). */
export function ArquivosAssinadosPage() {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const queryClient = useQueryClient();
  const [filtros, setFiltros] = useState<Filtros>({});
  const [selecionados, setSelecionados] = useState<number[]>([]);
  const [exclusao, setExclusao] = useState<ArquivoAssinado[] | null>(null);
  const [excluindo, setExcluindo] = useState(false);
  const [vinculando, setVinculando] = useState<ArquivoAssinado | null>(null);
  const lista = useArquivosAssinados(filtros);
  useErroConsulta(lista.error, A.erroBuscarAssinados);

  const arquivos = lista.data ?? [];
  const escolhidos = arquivos.filter((a) => a.podeExcluir && selecionados.includes(a.idArquivoAssinado));
  const recarregar = () => queryClient.invalidateQueries({ queryKey: chavesAssinados.todos });

  /** Deletes one after the other and stops at the first failure (spec §8), with the server's message. */
  async function confirmarExclusao() {
    if (!exclusao) return;
    setExcluindo(true);
    let excluidos = 0;
    try {
      for (const arquivo of exclusao) {
        try {
          await executar(`Excluindo ${arquivo.nomeOriginal}`, () => excluirArquivoAssinado(arquivo));
          excluidos += 1;
        } catch (erro) {
          const detalhe = erro instanceof ErroHttp ? erro.mensagemServidor : undefined;
          snackbar.erro(`${A.naoExcluido(arquivo.nomeOriginal)}${detalhe ? `: ${detalhe}` : ''}`);
          return;
        }
      }
      snackbar.sucesso(
        exclusao.length === 1 && exclusao[0] ? A.excluido(exclusao[0].nomeOriginal) : M.excluidos(excluidos),
      );
    } finally {
      setExcluindo(false);
      setExclusao(null);
      setSelecionados([]);
      if (excluidos > 0) void recarregar();
    }
  }

  return (
    <Pagina
      titulo="Arquivos assinados"
      descricao="Assine PDFs com o certificado da instituição, vincule-os a documentos e acompanhe as assinaturas."
    >
      <Stack spacing={3}>
        <FormularioAssinatura aoAssinar={() => void recarregar()} />

        <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby={`${id}-lista`}>
          <Typography id={`${id}-lista`} component="h2" variant="h6" sx={{ mb: 2 }}>
            Arquivos assinados
          </Typography>
          <FiltrosArquivosAssinados
            aoBuscar={(novos) => {
              setSelecionados([]);
              setFiltros(novos);
              void recarregar();
            }}
            aoLimpar={() => setFiltros({})}
          />

          {arquivos.length === LIMITE_BUSCA_ARQUIVOS_ASSINADOS ? (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="aviso-limite-assinados">
              {A.limiteBuscaAssinados}
            </Alert>
          ) : null}

          <Stack direction="row" spacing={2} sx={{ mt: 3, mb: 1, alignItems: 'center' }}>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlined />}
              disabled={escolhidos.length === 0 || excluindo}
              onClick={() => setExclusao(escolhidos)}
            >
              Excluir selecionados{escolhidos.length > 0 ? ` (${escolhidos.length})` : ''}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status">
              {lista.isFetching ? 'Buscando…' : `${arquivos.length} ${arquivos.length === 1 ? 'arquivo' : 'arquivos'}`}
            </Typography>
          </Stack>

          {lista.isSuccess && arquivos.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {M.nenhumArquivo}
            </Typography>
          ) : null}
          {arquivos.length > 0 ? (
            <TabelaArquivosAssinados
              idTitulo={`${id}-lista`}
              arquivos={arquivos}
              selecionados={selecionados}
              aoSelecionar={setSelecionados}
              aoVincular={setVinculando}
              aoExcluir={(arquivo) => setExclusao([arquivo])}
            />
          ) : null}
        </Paper>
      </Stack>

      <DialogoConfirmacao
        aberto={exclusao !== null}
        titulo={exclusao && exclusao.length > 1 ? 'Excluir arquivos assinados' : 'Excluir arquivo assinado'}
        rotuloConfirmar="Excluir"
        ocupado={excluindo}
        aoConfirmar={confirmarExclusao}
        aoCancelar={() => setExclusao(null)}
      >
        {exclusao && exclusao.length > 1 ? (
          <>
            Excluir {exclusao.length} arquivos assinados?
            <Box component="ul" sx={{ mb: 0 }}>
              {exclusao.map((arquivo) => (
                <li key={arquivo.idArquivoAssinado}>{arquivo.nomeOriginal}</li>
              ))}
            </Box>
          </>
        ) : (
          <>Excluir o arquivo assinado {exclusao?.[0]?.nomeOriginal}?</>
        )}
      </DialogoConfirmacao>

      {vinculando ? (
        <DialogoVinculo
          arquivo={vinculando}
          aoFechar={() => setVinculando(null)}
          aoVincular={() => {
            setVinculando(null);
            void recarregar();
          }}
        />
      ) : null}
    </Pagina>
  );
}
