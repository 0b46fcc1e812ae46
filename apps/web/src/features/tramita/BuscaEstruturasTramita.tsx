import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, LinearProgress, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { type EstruturaTramita, LIMITES_MAPEAMENTOS_TRAMITA, MENSAGENS } from '@tramite/shared';
import { type FormEvent, useId, useState } from 'react';
import { Tabela } from '../../components/Tabela';
import { mensagemDoErro } from '../../lib/api';
import { useEstruturasTramita } from './api';
import { TEXTOS_MAPEAMENTOS_TRAMITA as T } from './textos';

const M = MENSAGENS.tramita;

/**
 * The search of structures of a repository on the barramento (a number finds one directly); each result has a
 * button that chooses it. Paginated as the server pages.
 */
export function BuscaEstruturas({
  idRepositorio,
  aoEscolher,
  nivelTitulo = 'h3',
}: {
  idRepositorio: number;
  /** The structure's number, and the structure as the search showed it. */
  aoEscolher: (numero: number, estrutura: EstruturaTramita) => void;
  /** The heading level of the search's title where it is shown. */
  nivelTitulo?: 'h2' | 'h3';
}) {
  const id = useId();
  const [texto, setTexto] = useState('');
  const [consulta, setConsulta] = useState<{ repositorio: number; texto: string; pagina: number } | null>(null);
  const resultado = useEstruturasTramita(consulta);
  const pagina = resultado.data;
  const paginas = pagina ? Math.max(1, Math.ceil(pagina.total / pagina.porPagina)) : 1;

  const buscar = (evento: FormEvent) => {
    evento.preventDefault();
    evento.stopPropagation();
    const limpo = texto.trim();
    if (limpo) setConsulta({ repositorio: idRepositorio, texto: limpo, pagina: 1 });
  };

  return (
    <Box component="form" onSubmit={buscar} role="search" aria-labelledby={`${id}-titulo`} sx={{ mb: 2 }}>
      <Typography
        id={`${id}-titulo`}
        component={nivelTitulo}
        variant="subtitle1"
        sx={{ mt: 3, mb: 1, fontWeight: 600 }}
      >
        {T.buscarEstrutura}
      </Typography>
      <Stack sx={{ alignItems: { sm: 'flex-start' } }} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={`${id}-texto`}
          label="Nome, sigla ou número da estrutura"
          value={texto}
          onChange={(evento) => setTexto(evento.target.value)}
          slotProps={{ htmlInput: { maxLength: LIMITES_MAPEAMENTOS_TRAMITA.textoBuscaMaximo } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" startIcon={<SearchOutlined />} sx={{ mt: { sm: 1 } }}>
          {T.buscar}
        </Button>
      </Stack>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {resultado.isFetching ? <LinearProgress aria-label={T.buscando} sx={{ my: 1 }} /> : null}
        {resultado.isError ? (
          <Alert severity="error">{mensagemDoErro(resultado.error, M.erroBuscarEstruturas)}</Alert>
        ) : null}
        {pagina && !resultado.isFetching ? (
          pagina.total === 0 ? (
            <Typography color="text.secondary">{T.nenhumaEstrutura}</Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {T.estruturasEncontradas(pagina.total)}
            </Typography>
          )
        ) : null}
      </Box>
      {pagina && pagina.itens.length > 0 ? (
        <>
          <Tabela
            aria-label={T.resultadoBusca}
            data-testid="resultado-estruturas-tramita"
            colunas={[
              { rotulo: 'Número' },
              { rotulo: 'Estrutura', papel: 'titulo' },
              { rotulo: 'Hierarquia' },
              { rotulo: 'Ações', rotuloOculto: true, papel: 'acoes' },
            ]}
          >
            {pagina.itens.map((estrutura) => (
              <TableRow key={estrutura.numero}>
                <TableCell>{estrutura.numero}</TableCell>
                <TableCell>
                  {estrutura.nome}
                  {estrutura.sigla ? ` (${estrutura.sigla})` : ''}
                </TableCell>
                <TableCell>{estrutura.hierarquia ?? '—'}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => aoEscolher(estrutura.numero, estrutura)}
                    aria-label={T.escolher(estrutura.nome, estrutura.numero)}
                  >
                    {T.escolherCurto}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </Tabela>
          {paginas > 1 && consulta ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
              <Button
                disabled={consulta.pagina <= 1}
                onClick={() => setConsulta({ ...consulta, pagina: consulta.pagina - 1 })}
              >
                {T.anterior}
              </Button>
              <Typography variant="body2">{T.paginaDe(consulta.pagina, paginas)}</Typography>
              <Button
                disabled={consulta.pagina >= paginas}
                onClick={() => setConsulta({ ...consulta, pagina: consulta.pagina + 1 })}
              >
                {T.proxima}
              </Button>
            </Stack>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
