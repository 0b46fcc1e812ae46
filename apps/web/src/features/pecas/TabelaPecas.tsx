import { Box, Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import { abreNoNavegador, numeroPeca, type Peca, ROTULOS_NIVEL_ACESSO, ROTULOS_TIPO_COPIA } from '@tramite/shared';
import { OCULTO_VISUALMENTE } from '../../components/oculto-visualmente';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { formatarDataHora, formatarTamanho } from '../../lib/formatacao';
import { AcoesPeca, type AcoesPecaProps } from './AcoesPeca';
import { urlArquivo } from './api';
import { nomePeca, rotuloSituacaoPeca } from './textos';

type TabelaPecasProps = AcoesPecaProps & { pecas: readonly Peca[] };

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Nº', semQuebra: true },
  { rotulo: 'Arquivo e descrição', larguraMinima: 220, larga: true },
  { rotulo: 'Cópia e acesso' },
  { rotulo: 'Passo', larguraMinima: 120 },
  { rotulo: 'Datas' },
  { rotulo: 'Situação' },
  { rotulo: 'Ações', papel: 'acoes' },
];

/**
 * The peças of a document (spec §3): number, file, description, copy type, access, step, dates, situation, actions.
 * Only active peças have a number (1..n, each once); a cancelled one stays listed where it was, marked, without one.
 */
export function TabelaPecas({ pecas, ...acoes }: TabelaPecasProps) {
  const ativas = pecas.filter((peca) => peca.situacaoVinculo === null);
  const ultima = Math.max(0, ...ativas.map((peca) => peca.sequencial));

  return (
    // A wide table scrolls sideways: the region is focusable so the keyboard can scroll it too.
    <Tabela
      propsContainer={{ tabIndex: 0, role: 'region', 'aria-label': 'Tabela de peças' }}
      aria-label="Peças do documento"
      data-testid="tabela-pecas"
      colunas={COLUNAS}
      cartoesAbaixoDe="lg"
    >
      {pecas.map((peca) => {
        const numero = numeroPeca(peca);
        const cancelada = numero === null;
        return (
          <TableRow
            key={peca.idAcessoAnexo}
            data-testid="linha-peca"
            data-nome={peca.nome ?? ''}
            sx={cancelada ? { '& td': { color: 'text.secondary' } } : undefined}
          >
            <TableCell data-testid="numero-peca">
              {cancelada ? (
                <>
                  <Box component="span" aria-hidden>
                    —
                  </Box>
                  <Box component="span" sx={OCULTO_VISUALMENTE}>
                    Sem número (cancelada)
                  </Box>
                </>
              ) : (
                numero
              )}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {peca.podeVisualizar ? (
                <Link
                  href={urlArquivo(peca)}
                  target={abreNoNavegador(peca.tipoMime) ? '_blank' : undefined}
                  rel="noopener noreferrer"
                >
                  {nomePeca(peca)}
                </Link>
              ) : peca.nome === null ? (
                // A peça the reader may not open comes without its name: only the word of spec §6.
                <Typography component="span" variant="body2" color="text.secondary">
                  {nomePeca(peca)}
                </Typography>
              ) : (
                peca.nome
              )}
              <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1 }}>
                {formatarTamanho(peca.tamanho)}
              </Typography>
              {peca.descricao ? <Typography variant="body2">{peca.descricao}</Typography> : null}
            </TableCell>
            <TableCell>
              <Typography variant="body2">{ROTULOS_TIPO_COPIA[peca.tipoCopia]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {ROTULOS_NIVEL_ACESSO[peca.nivelAcesso]}
              </Typography>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{peca.passoFluxo ?? '—'}</TableCell>
            <TableCell>
              {peca.dataDespacho ? (
                <Box component="dl" sx={{ m: 0, '& dt': { typography: 'caption', color: 'text.secondary' } }}>
                  <dt>Despacho</dt>
                  <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                    {formatarDataHora(peca.dataDespacho)}
                  </Box>
                  <dt>Recebimento</dt>
                  <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                    {formatarDataHora(peca.dataRecebimento) || 'pendente'}
                    {peca.dias !== null ? ` (${peca.dias === 1 ? '1 dia' : `${peca.dias} dias`})` : ''}
                  </Box>
                </Box>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell>
              {cancelada ? (
                <>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={rotuloSituacaoPeca(peca)}
                    title={peca.justificativaCancelamento ?? undefined}
                    data-testid="situacao-peca-cancelada"
                  />
                  <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
                    Era a peça {peca.sequencial}
                    {peca.numeroDocumentoPecaDesmembramento
                      ? `; foi para o documento ${peca.numeroDocumentoPecaDesmembramento}`
                      : ''}
                  </Typography>
                </>
              ) : (
                rotuloSituacaoPeca(peca)
              )}
            </TableCell>
            <TableCell>
              <AcoesPeca peca={peca} ultima={ultima} {...acoes} />
            </TableCell>
          </TableRow>
        );
      })}
    </Tabela>
  );
}
