import { Button, Checkbox, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type ArquivoAssinado, MENSAGENS } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Tabela } from '../../components/Tabela';
import { abrirEmNovaAba, salvarArquivo } from '../../lib/download';
import { formatarDataHora, formatarTamanho } from '../../lib/formatacao';
import { baixarArquivoAssinado } from './api';

interface TabelaArquivosAssinadosProps {
  /** The id of the section's title, which names the table. */
  idTitulo: string;
  arquivos: readonly ArquivoAssinado[];
  /** The ids ticked for deletion. */
  selecionados: readonly number[];
  aoSelecionar: (ids: number[]) => void;
  aoVincular: (arquivo: ArquivoAssinado) => void;
  aoExcluir: (arquivo: ArquivoAssinado) => void;
}

/** File, signature type, signer, date and document of each signed file, with its actions; deletable ones are ticked. */
export function TabelaArquivosAssinados({
  idTitulo,
  arquivos,
  selecionados,
  aoSelecionar,
  aoVincular,
  aoExcluir,
}: TabelaArquivosAssinadosProps) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const excluiveis = arquivos.filter((a) => a.podeExcluir).map((a) => a.idArquivoAssinado);
  const marcados = excluiveis.filter((idArquivo) => selecionados.includes(idArquivo)).length;
  const todosMarcados = excluiveis.length > 0 && marcados === excluiveis.length;

  async function abrir(arquivo: ArquivoAssinado) {
    try {
      await abrirEmNovaAba(
        async () => (await executar('Abrindo o arquivo', () => baixarArquivoAssinado(arquivo))).blob,
      );
    } catch {
      snackbar.erro(MENSAGENS.arquivos.erroAbrirArquivo);
    }
  }

  async function baixarOriginal(arquivo: ArquivoAssinado) {
    try {
      const { blob, nomeArquivo } = await executar('Buscando o original', () =>
        baixarArquivoAssinado(arquivo, 'original'),
      );
      salvarArquivo(blob, nomeArquivo ?? arquivo.nomeOriginal);
    } catch {
      snackbar.erro(MENSAGENS.arquivos.erroAbrirArquivo);
    }
  }

  const alternar = (idArquivo: number) =>
    aoSelecionar(
      selecionados.includes(idArquivo)
        ? selecionados.filter((outro) => outro !== idArquivo)
        : [...selecionados, idArquivo],
    );

  return (
    <Tabela
      aria-labelledby={idTitulo}
      data-testid="tabela-assinados"
      cartoesAbaixoDe="lg"
      colunas={[
        {
          rotulo: 'Seleção',
          papel: 'selecao',
          cabecalho: (
            <TableCell padding="checkbox">
              <Checkbox
                checked={todosMarcados}
                indeterminate={marcados > 0 && !todosMarcados}
                disabled={excluiveis.length === 0}
                onChange={() => aoSelecionar(todosMarcados ? [] : excluiveis)}
                slotProps={{ input: { 'aria-label': 'Selecionar todos os arquivos que podem ser excluídos' } }}
              />
            </TableCell>
          ),
        },
        { rotulo: 'Arquivo', larguraMinima: 160, larga: true },
        { rotulo: 'Tipo de assinatura' },
        { rotulo: 'Assinado por' },
        { rotulo: 'Data da assinatura' },
        { rotulo: 'Documento', semQuebra: true },
        { rotulo: 'Ações', papel: 'acoes', alinhamento: 'right' },
      ]}
    >
      {arquivos.map((arquivo) => (
        <TableRow key={arquivo.idArquivoAssinado} data-testid="linha-assinado" data-nome={arquivo.nomeOriginal}>
          <TableCell padding="checkbox">
            <Checkbox
              checked={selecionados.includes(arquivo.idArquivoAssinado)}
              disabled={!arquivo.podeExcluir}
              onChange={() => alternar(arquivo.idArquivoAssinado)}
              slotProps={{ input: { 'aria-label': `Selecionar ${arquivo.nomeOriginal}` } }}
            />
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            {arquivo.nomeOriginal}
            <Typography variant="body2" color="text.secondary">
              {formatarTamanho(arquivo.tamanho)}
            </Typography>
          </TableCell>
          <TableCell>{arquivo.tipoAssinatura ?? '—'}</TableCell>
          <TableCell>
            {arquivo.nomeAssinante}
            {arquivo.matrSiape ? (
              <Typography variant="body2" color="text.secondary">
                SIAPE {arquivo.matrSiape}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell>{formatarDataHora(arquivo.assinadoEm)}</TableCell>
          <TableCell>
            {arquivo.idDocumentoVinculado !== null ? (
              <Link component={RouterLink} to={`/documentos/${arquivo.idDocumentoVinculado}/pecas`}>
                {arquivo.numeroDocumentoVinculado}
              </Link>
            ) : (
              'Não vinculado'
            )}
          </TableCell>
          <TableCell align="right">
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              // In a card (below lg), the buttons wrap.
              sx={{ flexWrap: { xs: 'wrap', lg: 'nowrap' }, justifyContent: 'flex-end' }}
            >
              <Button size="small" onClick={() => abrir(arquivo)} aria-label={`Abrir ${arquivo.nomeOriginal}`}>
                Abrir
              </Button>
              {arquivo.proprio ? (
                <Button
                  size="small"
                  onClick={() => baixarOriginal(arquivo)}
                  aria-label={`Baixar o original de ${arquivo.nomeOriginal}`}
                >
                  Original
                </Button>
              ) : null}
              {arquivo.podeVincular ? (
                <Button
                  size="small"
                  onClick={() => aoVincular(arquivo)}
                  aria-label={`Vincular ${arquivo.nomeOriginal} a um documento`}
                >
                  Vincular
                </Button>
              ) : null}
              {arquivo.podeExcluir ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => aoExcluir(arquivo)}
                  aria-label={`Excluir ${arquivo.nomeOriginal}`}
                >
                  Excluir
                </Button>
              ) : null}
            </Stack>
          </TableCell>
        </TableRow>
      ))}
    </Tabela>
  );
}
