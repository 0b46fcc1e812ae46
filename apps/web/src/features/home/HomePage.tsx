import type { SvgIconComponent } from '@mui/icons-material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Link,
  Paper,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { MENSAGENS_PAINEL, type Usuario } from '@tramite/shared';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { Pagina } from '../../components/Pagina';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { formatarDataHora } from '../../lib/formatacao';
import { unidadeAtual, urlLogin, useUsuario } from '../../lib/sessao';
import { ROTULOS_FILA } from '../tramitacao/api';
import { useInicio } from './api';

interface Atalho {
  titulo: string;
  descricao: string;
  caminho: string;
  icone: SvgIconComponent;
}

const ATALHOS_USUARIO: Atalho[] = [
  {
    titulo: 'Nova autuação',
    descricao: 'Abra um novo documento ou processo.',
    caminho: '/autuacoes',
    icone: NoteAddOutlined,
  },
  {
    titulo: 'Caixa postal',
    descricao: 'Receba os documentos enviados à sua unidade.',
    caminho: '/caixa-postal',
    icone: InboxOutlined,
  },
  {
    titulo: 'Busca de documentos',
    descricao: 'Encontre documentos por número, assunto, datas ou interessado.',
    caminho: '/busca',
    icone: SearchOutlined,
  },
  {
    titulo: 'Favoritos',
    descricao: 'Acompanhe os documentos que você marcou.',
    caminho: '/documentos-favoritos',
    icone: StarBorderOutlined,
  },
  {
    titulo: 'Arquivos assinados',
    descricao: 'Assine arquivos e vincule-os a documentos.',
    caminho: '/arquivos-assinados',
    icone: DrawOutlined,
  },
  {
    titulo: 'Configurações',
    descricao: 'Escolha sua unidade atual, o e-mail de notificações e o resumo diário.',
    caminho: '/usuario',
    icone: SettingsOutlined,
  },
];

const ATALHOS_PUBLICOS: Atalho[] = [
  {
    titulo: 'Busca de documentos',
    descricao: 'Consulte documentos e processos e acompanhe sua tramitação.',
    caminho: '/busca',
    icone: SearchOutlined,
  },
  {
    titulo: 'Consolidação',
    descricao: 'Obtenha o PDF único com as peças de um documento.',
    caminho: '/consolidacao',
    icone: LibraryBooksOutlined,
  },
  {
    titulo: 'Ajuda',
    descricao: 'Saiba como usar cada função do Trâmite.',
    caminho: '/ajuda',
    icone: HelpOutline,
  },
];

const FUNCOES = [
  'Autuação de documentos e processos, e edição dos que ainda estão em criação',
  'Tramitação entre unidades, com fluxos, destinos e despachos',
  'Caixa postal por unidade e recebimento de documentos',
  'Peças (arquivos) com nível de acesso, renumeração e cancelamento',
  'Juntada por anexação ou apensação, e desfazimento',
  'Favoritos com marcadores e acompanhamento por e-mail',
  'Arquivos assinados, consolidação em PDF, capa e comprovante de protocolo',
  'Relatórios de malote e de documentos desarquivados',
];

function CartaoAtalho({ titulo, descricao, caminho, icone: Icone }: Atalho) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={caminho}
        sx={{ height: '100%' }}
        data-testid={`atalho-${caminho.slice(1)}`}
      >
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <Icone color="primary" />
            <Typography component="h3" variant="h6">
              {titulo}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {descricao}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** One count of the home page: the number, what it counts, and a link to the list it counts. */
function CartaoContagem({
  para,
  valor,
  rotulo,
  testId,
}: {
  para: string;
  /** undefined while loading: the card keeps its size, the number is a placeholder. */
  valor: number | undefined;
  rotulo: string;
  testId: string;
}) {
  const conteudo = (
    <>
      <Typography component="span" variant="h4" sx={{ display: 'block', fontWeight: 700 }}>
        {valor === undefined ? <Skeleton width="2ch" /> : valor.toLocaleString('pt-BR')}
      </Typography>
      <Typography component="span" variant="body2">
        {rotulo}
      </Typography>
    </>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {valor === undefined ? (
        <Box sx={{ height: '100%', p: 2 }} aria-busy="true">
          {conteudo}
        </Box>
      ) : (
        <CardActionArea component={RouterLink} to={para} sx={{ height: '100%', p: 2 }} data-testid={testId}>
          {conteudo}
        </CardActionArea>
      )}
    </Card>
  );
}

// The unit switcher (a select, with MUI's menu) loads only for users with several units (issue 23); the skeleton keeps
// its size meanwhile, so the title's row does not grow when it arrives.
const UnidadeDoResumo = lazy(async () => ({ default: (await import('./UnidadeDoResumo')).UnidadeDoResumo }));

/**
 * The counts of GET painel/inicio (issue 22), each a link to the postal box filtered to what it counts: the box
 * opened on its default period with the queue (and only the unread ones), or the state of the deadline.
 */
const CONTAGENS_INICIO = [
  { chave: 'aguardando', rotulo: ROTULOS_FILA.aguardando, caminho: '/caixa-postal?fila=aguardando' },
  { chave: 'naoLidos', rotulo: 'Recebidos não lidos por mim', caminho: '/caixa-postal?fila=recebidos&naoLidos=true' },
  { chave: 'urgentes', rotulo: ROTULOS_FILA.urgentes, caminho: '/caixa-postal?fila=urgentes' },
  { chave: 'venceHoje', rotulo: 'Vencem hoje', caminho: '/caixa-postal?situacaoPrazo=VENCE_HOJE' },
  { chave: 'vencidos', rotulo: 'Vencidos', caminho: '/caixa-postal?situacaoPrazo=VENCIDO' },
] as const;

/**
 * The user's work at a glance (issue 22): the current unit's box counts as links into the box, the unit switcher
 * beside them, and the documents the user last acted on — all from one request.
 */
function ResumoTrabalho({ usuario, idUnidade }: { usuario: Usuario; idUnidade: number }) {
  const inicio = useInicio(idUnidade);
  const contagens = inicio.data?.contagens;
  return (
    <Box component="section" aria-labelledby="titulo-resumo-caixa" sx={{ mb: 4 }} data-testid="resumo-caixa">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="titulo-resumo-caixa" component="h2" variant="h5">
            Sua caixa postal
          </Typography>
          {usuario.lotacoes.length < 2 ? null : (
            <Suspense fallback={<Skeleton variant="rounded" width={220} height={40} />}>
              <UnidadeDoResumo usuario={usuario} />
            </Suspense>
          )}
        </Stack>
        <Button component={RouterLink} to="/painel" startIcon={<InsightsOutlined />} data-testid="link-painel">
          Painel da unidade
        </Button>
      </Stack>
      <AlertaErroCarregar consulta={inicio} mensagem={MENSAGENS_PAINEL.erroCarregarInicio} />
      {inicio.isError ? null : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {CONTAGENS_INICIO.map(({ chave, rotulo, caminho }) => (
            <Grid key={chave} component="li" size={{ xs: 6, sm: 4, lg: 'grow' }}>
              <CartaoContagem
                para={caminho}
                valor={contagens?.[chave]}
                rotulo={rotulo}
                testId={`contagem-home-${chave}`}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

/**
 * The documents the user last acted on, from the same request as the counts. Last on the page: however many rows
 * arrive, nothing below it moves.
 */
function UltimosDocumentos({ idUnidade }: { idUnidade: number }) {
  const inicio = useInicio(idUnidade);
  const recentes = inicio.data?.recentes;
  return (
    <Box component="section" aria-labelledby="titulo-recentes" sx={{ mb: 4 }} data-testid="ultimos-documentos">
      <Typography id="titulo-recentes" component="h2" variant="h5" sx={{ mb: 2 }}>
        Últimos documentos
      </Typography>
      {recentes === undefined ? (
        inicio.isError ? (
          <Typography color="text.secondary">{MENSAGENS_PAINEL.erroCarregarInicio}.</Typography>
        ) : (
          <Skeleton variant="rounded" height={160} />
        )
      ) : recentes.length === 0 ? (
        <Typography color="text.secondary">Você ainda não agiu em nenhum documento.</Typography>
      ) : (
        <Paper variant="outlined">
          <Tabela
            colunas={COLUNAS_RECENTES}
            legenda="Os documentos em que você agiu por último, do mais recente ao mais antigo"
          >
            {recentes.map((recente) => (
              <TableRow key={recente.idDocumento}>
                <TableCell>
                  <Link component={RouterLink} to={`/documentos/${recente.idDocumento}`}>
                    {recente.numero}
                  </Link>
                </TableCell>
                <TableCell>{recente.tipoDescricao}</TableCell>
                <TableCell>{recente.acao}</TableCell>
                <TableCell>{formatarDataHora(recente.em)}</TableCell>
              </TableRow>
            ))}
          </Tabela>
        </Paper>
      )}
    </Box>
  );
}

const COLUNAS_RECENTES: ColunaTabela[] = [
  { rotulo: 'Número', papel: 'titulo' },
  { rotulo: 'Tipo' },
  { rotulo: 'Ação' },
  { rotulo: 'Data', semQuebra: true },
];

export function HomePage() {
  const usuario = useUsuario();
  const { pathname, search } = useLocation();
  const unidade = unidadeAtual(usuario);
  const atalhos = usuario ? ATALHOS_USUARIO : ATALHOS_PUBLICOS;

  return (
    <Pagina
      titulo="Bem-vindo ao Trâmite"
      tituloDocumento="Início"
      descricao="O protocolo eletrônico da universidade: autuação, tramitação e consulta de documentos e processos administrativos."
    >
      {usuario ? (
        <Typography sx={{ mb: 3 }} data-testid="saudacao">
          Olá, <strong>{usuario.nome}</strong>.{' '}
          {unidade ? (
            <>
              Você está trabalhando na unidade <strong>{unidade.sigla}</strong> — {unidade.nome}.
            </>
          ) : (
            <>
              Escolha sua unidade de trabalho em{' '}
              <Link component={RouterLink} to="/usuario">
                Configurações
              </Link>
              .
            </>
          )}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography sx={{ flex: '1 1 320px' }}>
            Servidores da universidade entram no sistema para autuar, receber e tramitar documentos. A busca, a consulta
            de documentos e a consolidação estão abertas a todos.
          </Typography>
          <Button variant="contained" href={urlLogin(pathname + search)} startIcon={<LoginOutlined />}>
            Entrar no sistema
          </Button>
        </Paper>
      )}

      {usuario && unidade ? <ResumoTrabalho usuario={usuario} idUnidade={unidade.id} /> : null}

      <Box component="section" aria-labelledby="titulo-atalhos" sx={{ mb: 4 }}>
        <Typography id="titulo-atalhos" component="h2" variant="h5" sx={{ mb: 2 }}>
          Acesso rápido
        </Typography>
        <Grid container spacing={2}>
          {atalhos.map((atalho) => (
            <Grid key={atalho.caminho} size={{ xs: 12, sm: 6, lg: 4 }}>
              <CartaoAtalho {...atalho} />
            </Grid>
          ))}
        </Grid>
      </Box>

      {usuario && unidade ? <UltimosDocumentos idUnidade={unidade.id} /> : null}
      {usuario ? null : (
        <Box component="section" aria-labelledby="titulo-funcoes">
          <Typography id="titulo-funcoes" component="h2" variant="h5" sx={{ mb: 1 }}>
            O que o Trâmite faz
          </Typography>
          <Box component="ul" sx={{ mt: 0, pl: 3, '& li': { mb: 0.5 } }}>
            {FUNCOES.map((funcao) => (
              <li key={funcao}>
                <Typography component="span">{funcao}.</Typography>
              </li>
            ))}
          </Box>
          <Button component={RouterLink} to="/ajuda" endIcon={<ArrowForward />}>
            Saiba mais na ajuda
          </Button>
        </Box>
      )}
    </Pagina>
  );
}
