import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  TableCell,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  type FormularioParTramita,
  type FormularioUnidadeTramita,
  formularioParTramitaSchema,
  formularioUnidadeTramitaSchema,
  LIMITES_MAPEAMENTOS_TRAMITA,
  type LimiteDestinoTramita,
  type LimiteDestinoTramitaFormulario,
  limiteDestinoTramitaSchema,
  type MapeamentosTramita,
  MENSAGENS,
} from '@tramite/shared';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoMarcacaoControlado } from '../../components/formulario/CampoMarcacaoControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { SelecaoPorIdControlada } from '../../components/formulario/SelecaoPorIdControlada';
import { useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { Tabela } from '../../components/Tabela';
import { mensagemComDetalhe } from '../../lib/api';
import { consultaUnidadesProcedencia } from '../documentos/api';
import { type AlteracaoMapeamento, useAlterarMapeamentoTramita, useMapeamentosTramita } from './api';
import { BuscaEstruturas } from './BuscaEstruturasTramita';
import { TEXTOS_MAPEAMENTOS_TRAMITA as T } from './textos';

const M = MENSAGENS.tramita;
const SALVAMENTO = { titulo: T.salvando, sucesso: M.mapeamentoSalvo, erro: M.erroSalvarMapeamento };
const ABAS = ['unidades', 'especies', 'hipoteses', 'limites'] as const;
type Aba = (typeof ABAS)[number];

/** What is about to be removed: the confirmation's text and the change that removes it. */
interface Remocao {
  descricao: string;
  alteracao: AlteracaoMapeamento;
}

/**
 * Administração › Tramita GOV.BR, step 4: the mappings in tabs — units ↔ structures (with the barramento's search),
 * document types ↔ species and legal hypotheses ↔ the PEN's, each way, and the destinations' limits. Each removal is
 * confirmed first.
 */
export function SecaoMapeamentosTramita() {
  const consulta = useMapeamentosTramita(true);
  const alterar = useAlterarMapeamentoTramita();
  const snackbar = useSnackbar();
  const [aba, setAba] = useState<Aba>('unidades');
  const [remocao, setRemocao] = useState<Remocao | null>(null);
  const id = useId();
  const dados = consulta.data;

  const remover = async () => {
    if (!remocao) return;
    try {
      await alterar.mutateAsync(remocao.alteracao);
      snackbar.sucesso(M.mapeamentoRemovido);
      setRemocao(null);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(M.erroRemoverMapeamento, erro));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} component="section" aria-labelledby={`${id}-titulo`}>
      <Typography id={`${id}-titulo`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {T.secao}
      </Typography>
      <AlertaErroCarregar consulta={consulta} mensagem={M.erroCarregarMapeamentos} />
      {consulta.isLoading ? <LinearProgress aria-label={T.carregando} /> : null}
      {dados ? (
        <>
          <Tabs
            value={aba}
            onChange={(_evento, nova: Aba) => setAba(nova)}
            aria-label={T.secao}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {ABAS.map((chave) => (
              <Tab
                key={chave}
                value={chave}
                label={T.abas[chave]}
                id={`${id}-aba-${chave}`}
                aria-controls={`${id}-painel-${chave}`}
              />
            ))}
          </Tabs>
          {ABAS.map((chave) => (
            <Box
              key={chave}
              role="tabpanel"
              id={`${id}-painel-${chave}`}
              aria-labelledby={`${id}-aba-${chave}`}
              hidden={aba !== chave}
            >
              {aba === chave ? <PainelMapeamentos aba={chave} dados={dados} aoRemover={setRemocao} /> : null}
            </Box>
          ))}
        </>
      ) : null}
      <DialogoConfirmacao
        aberto={remocao !== null}
        titulo={T.confirmarRemocao}
        rotuloConfirmar={T.remover}
        aoConfirmar={remover}
        aoCancelar={() => setRemocao(null)}
      >
        {remocao?.descricao}
      </DialogoConfirmacao>
    </Paper>
  );
}

interface PainelProps {
  dados: MapeamentosTramita;
  aoRemover: (remocao: Remocao) => void;
}

function PainelMapeamentos({ aba, ...props }: PainelProps & { aba: Aba }) {
  switch (aba) {
    case 'unidades':
      return <PainelUnidades {...props} />;
    case 'especies':
      return <PainelEspecies {...props} />;
    case 'hipoteses':
      return <PainelHipoteses {...props} />;
    case 'limites':
      return <PainelLimites {...props} />;
  }
}

/** A row's remove button, named by what it removes. */
function BotaoRemover({ rotulo, aoClicar }: { rotulo: string; aoClicar: () => void }) {
  return (
    <Tooltip title={rotulo}>
      <IconButton aria-label={rotulo} onClick={aoClicar} size="small">
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function Inativa({ ativa }: { ativa: boolean }) {
  return ativa ? null : <Chip size="small" color="warning" label={T.inativaNoPen} sx={{ ml: 1 }} />;
}

const Subtitulo = ({ id, children }: { id: string; children: ReactNode }) => (
  <Typography id={id} component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
    {children}
  </Typography>
);

// Units ↔ structures.

const CAMPOS_UNIDADE: readonly FieldPath<FormularioUnidadeTramita>[] = ['idUnidade', 'numeroEstrutura', 'envia'];

function PainelUnidades({ dados, aoRemover }: PainelProps) {
  const id = useId();
  const unidades = useQuery(consultaUnidadesProcedencia(true));
  const alterar = useAlterarMapeamentoTramita();
  const formulario = useForm<
    FormularioUnidadeTramita,
    unknown,
    { idUnidade: number; numeroEstrutura: number; envia: boolean; recebe: boolean }
  >({
    resolver: zodResolver(formularioUnidadeTramitaSchema),
    defaultValues: { idUnidade: null as unknown as number, numeroEstrutura: '', envia: true, recebe: true },
  });
  const { control, setError, setValue, reset } = formulario;
  const salvarFormulario = useSalvarFormulario(CAMPOS_UNIDADE, setError, SALVAMENTO);

  if (dados.idRepositorio === null) return <Alert severity="info">{T.semRepositorio}</Alert>;
  const idRepositorio = dados.idRepositorio;

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.ajudaUnidades}
      </Typography>
      <BuscaEstruturas
        idRepositorio={idRepositorio}
        aoEscolher={(numero) => setValue('numeroEstrutura', String(numero), { shouldValidate: true })}
      />
      <Formulario
        formulario={formulario}
        aria-labelledby={`${id}-novo`}
        aoEnviar={({ idUnidade, ...corpo }) =>
          salvarFormulario(
            () => alterar.mutateAsync({ metodo: 'PUT', caminho: `unidades/${idUnidade}`, corpo }),
            () => reset(),
          )
        }
      >
        <Subtitulo id={`${id}-novo`}>{T.mapearUnidade}</Subtitulo>
        <Stack sx={{ alignItems: { md: 'flex-start' } }} direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 2, minWidth: 0 }}>
            <SelecaoPorIdControlada
              Selecao={SelecaoPorId}
              control={control}
              name="idUnidade"
              id={`${id}-unidade`}
              rotulo="Unidade"
              opcoes={unidades.data ?? []}
              carregando={unidades.isLoading}
              rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}`}
            />
          </Box>
          <Box sx={{ flex: 1 }}>
            <CampoTextoControlado
              control={control}
              name="numeroEstrutura"
              id={`${id}-estrutura`}
              label="Número da estrutura"
              fullWidth
              maxLength={10}
              atributosEntrada={{ inputMode: 'numeric' }}
              textoAjuda={T.ajudaNumeroEstrutura}
            />
          </Box>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <CampoMarcacaoControlado control={control} name="envia" rotulo="Envia" />
          <CampoMarcacaoControlado control={control} name="recebe" rotulo="Recebe" />
        </Stack>
        <Button type="submit" variant="contained" startIcon={<AddOutlined />} sx={{ mt: 1 }}>
          {T.mapearUnidade}
        </Button>
      </Formulario>
      <Subtitulo id={`${id}-lista`}>{T.unidadesMapeadas}</Subtitulo>
      {dados.unidades.length === 0 ? (
        <Typography color="text.secondary">{T.nenhumMapeamento}</Typography>
      ) : (
        <Tabela
          aria-labelledby={`${id}-lista`}
          data-testid="tabela-unidades-tramita"
          colunas={[
            { rotulo: 'Unidade', papel: 'titulo' },
            { rotulo: 'Estrutura no Tramita GOV.BR' },
            { rotulo: 'Sentido' },
            { rotulo: 'Ações', rotuloOculto: true, papel: 'acoes' },
          ]}
        >
          {dados.unidades.map((u) => (
            <TableRow key={u.idUnidade}>
              <TableCell>
                {u.siglaUnidade} — {u.nomeUnidade}
              </TableCell>
              <TableCell>
                {u.nome}
                {u.sigla ? ` (${u.sigla})` : ''} — nº {u.numeroEstrutura}
                {u.hierarquia ? (
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {u.hierarquia}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                {[u.envia ? 'Envia' : null, u.recebe ? 'Recebe' : null].filter(Boolean).join(' e ')}
              </TableCell>
              <TableCell>
                <BotaoRemover
                  rotulo={T.removerUnidade(u.siglaUnidade)}
                  aoClicar={() =>
                    aoRemover({
                      descricao: T.descricaoRemoverUnidade(u.siglaUnidade, u.nome),
                      alteracao: { metodo: 'DELETE', caminho: `unidades/${u.idUnidade}` },
                    })
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </Tabela>
      )}
    </>
  );
}

// Pairs: types ↔ species and hypotheses ↔ PEN hypotheses, each way.

interface Opcao {
  valor: number;
  rotulo: string;
  desabilitada?: boolean;
}

interface LinhaPar {
  chave: number;
  origem: string;
  destino: string;
  destinoAtivo: boolean;
  /** Whether the PEN's side (always shown in the column of `destino` or `origem`) is inactive. */
  penNaOrigem: boolean;
}

const CAMPOS_PAR: readonly FieldPath<FormularioParTramita>[] = ['origem', 'destino'];

/**
 * One way of a mapping of pairs: a form choosing the key (`origem`) and its value (`destino`), and the table of
 * what is mapped, each row removable. `caminho` is the route under administracao/tramita/.
 */
function Par({
  titulo,
  caminho,
  campoDestino,
  rotuloOrigem,
  rotuloDestino,
  opcoesOrigem,
  opcoesDestino,
  linhas,
  testId,
  aoRemover,
}: {
  titulo: string;
  caminho: string;
  campoDestino: string;
  rotuloOrigem: string;
  rotuloDestino: string;
  opcoesOrigem: Opcao[];
  opcoesDestino: Opcao[];
  linhas: LinhaPar[];
  testId: string;
  aoRemover: (remocao: Remocao) => void;
}) {
  const id = useId();
  const alterar = useAlterarMapeamentoTramita();
  const formulario = useForm<FormularioParTramita, unknown, { origem: number; destino: number }>({
    resolver: zodResolver(formularioParTramitaSchema),
    defaultValues: { origem: null as unknown as number, destino: null as unknown as number },
  });
  const { control, setError, reset } = formulario;
  const salvarFormulario = useSalvarFormulario(CAMPOS_PAR, setError, SALVAMENTO);

  return (
    <Box component="section" aria-labelledby={`${id}-titulo`} sx={{ mb: 3 }}>
      <Subtitulo id={`${id}-titulo`}>{titulo}</Subtitulo>
      <Formulario
        formulario={formulario}
        aria-labelledby={`${id}-titulo`}
        aoEnviar={({ origem, destino }) =>
          salvarFormulario(
            () =>
              alterar.mutateAsync({
                metodo: 'PUT',
                caminho: `${caminho}/${origem}`,
                corpo: { [campoDestino]: destino },
              }),
            () => reset(),
          )
        }
      >
        <Stack sx={{ alignItems: { md: 'flex-start' } }} direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <CampoSelecaoControlado
            control={control}
            name="origem"
            id={`${id}-origem`}
            rotulo={rotuloOrigem}
            opcoes={opcoesOrigem}
            sx={{ flex: 1 }}
          />
          <CampoSelecaoControlado
            control={control}
            name="destino"
            id={`${id}-destino`}
            rotulo={rotuloDestino}
            opcoes={opcoesDestino}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" startIcon={<AddOutlined />} sx={{ mt: { md: 1 } }}>
            {T.mapear}
          </Button>
        </Stack>
      </Formulario>
      {linhas.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {T.nenhumMapeamento}
        </Typography>
      ) : (
        <Tabela
          aria-labelledby={`${id}-titulo`}
          data-testid={testId}
          colunas={[
            { rotulo: rotuloOrigem, papel: 'titulo' },
            { rotulo: rotuloDestino },
            { rotulo: 'Ações', rotuloOculto: true, papel: 'acoes' },
          ]}
        >
          {linhas.map((linha) => (
            <TableRow key={linha.chave}>
              <TableCell>
                {linha.origem}
                {linha.penNaOrigem ? <Inativa ativa={linha.destinoAtivo} /> : null}
              </TableCell>
              <TableCell>
                {linha.destino}
                {linha.penNaOrigem ? null : <Inativa ativa={linha.destinoAtivo} />}
              </TableCell>
              <TableCell>
                <BotaoRemover
                  rotulo={T.removerPar(linha.origem)}
                  aoClicar={() =>
                    aoRemover({
                      descricao: T.descricaoRemoverPar(linha.origem, linha.destino),
                      alteracao: { metodo: 'DELETE', caminho: `${caminho}/${linha.chave}` },
                    })
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </Tabela>
      )}
    </Box>
  );
}

function PainelEspecies({ dados, aoRemover }: PainelProps) {
  const tipos = dados.tiposDocumento.map((t) => ({ valor: t.id, rotulo: t.descricao }));
  const especies = dados.especies
    .filter((e) => e.ativa)
    .map((e) => ({ valor: e.codigo, rotulo: `${e.nome} (${e.codigo})` }));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.ajudaEspecies}
      </Typography>
      <Par
        titulo={T.especiesEnvio}
        caminho="especies-envio"
        campoDestino="codigoEspecie"
        rotuloOrigem="Tipo documental"
        rotuloDestino="Espécie do Tramita GOV.BR"
        opcoesOrigem={tipos}
        opcoesDestino={especies}
        testId="tabela-especies-envio-tramita"
        linhas={dados.especiesEnvio.map((m) => ({
          chave: m.idTipoDocumento,
          origem: m.tipoDocumento,
          destino: `${m.especie} (${m.codigoEspecie})`,
          destinoAtivo: m.especieAtiva,
          penNaOrigem: false,
        }))}
        aoRemover={aoRemover}
      />
      <Par
        titulo={T.especiesRecebimento}
        caminho="especies-recebimento"
        campoDestino="idTipoDocumento"
        rotuloOrigem="Espécie do Tramita GOV.BR"
        rotuloDestino="Tipo documental"
        opcoesOrigem={especies}
        opcoesDestino={tipos}
        testId="tabela-especies-recebimento-tramita"
        linhas={dados.especiesRecebimento.map((m) => ({
          chave: m.codigoEspecie,
          origem: `${m.especie} (${m.codigoEspecie})`,
          destino: m.tipoDocumento,
          destinoAtivo: m.especieAtiva,
          penNaOrigem: true,
        }))}
        aoRemover={aoRemover}
      />
    </>
  );
}

function PainelHipoteses({ dados, aoRemover }: PainelProps) {
  const locais = dados.hipotesesLegais.map((h) => ({ valor: h.id, rotulo: h.descricao }));
  const pen = dados.hipotesesPen
    .filter((h) => h.ativa)
    .map((h) => ({ valor: h.identificacao, rotulo: `${h.nome} (${h.identificacao})` }));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.ajudaHipoteses}
      </Typography>
      <Par
        titulo={T.hipotesesEnvio}
        caminho="hipoteses-envio"
        campoDestino="identificacaoPen"
        rotuloOrigem="Hipótese legal do Trâmite"
        rotuloDestino="Hipótese do Tramita GOV.BR"
        opcoesOrigem={locais}
        opcoesDestino={pen}
        testId="tabela-hipoteses-envio-tramita"
        linhas={dados.hipotesesEnvio.map((m) => ({
          chave: m.idHipoteseLegal,
          origem: m.hipoteseLegal,
          destino: m.hipotesePen,
          destinoAtivo: m.hipotesePenAtiva,
          penNaOrigem: false,
        }))}
        aoRemover={aoRemover}
      />
      <Par
        titulo={T.hipotesesRecebimento}
        caminho="hipoteses-recebimento"
        campoDestino="idHipoteseLegal"
        rotuloOrigem="Hipótese do Tramita GOV.BR"
        rotuloDestino="Hipótese legal do Trâmite"
        opcoesOrigem={pen}
        opcoesDestino={locais}
        testId="tabela-hipoteses-recebimento-tramita"
        linhas={dados.hipotesesRecebimento.map((m) => ({
          chave: m.identificacaoPen,
          origem: m.hipotesePen,
          destino: m.hipoteseLegal,
          destinoAtivo: m.hipotesePenAtiva,
          penNaOrigem: true,
        }))}
        aoRemover={aoRemover}
      />
    </>
  );
}

// Destinations' limits.

const CAMPOS_LIMITE: readonly FieldPath<LimiteDestinoTramitaFormulario>[] = [
  'idRepositorio',
  'numeroEstrutura',
  'tamanhoMaximoMb',
  'extensoesRecusadas',
  'observacao',
];

function PainelLimites({ dados, aoRemover }: PainelProps) {
  const id = useId();
  const alterar = useAlterarMapeamentoTramita();
  const vazio: LimiteDestinoTramitaFormulario = {
    idRepositorio: dados.idRepositorio ?? (null as unknown as number),
    numeroEstrutura: '',
    tamanhoMaximoMb: '',
    extensoesRecusadas: '',
    observacao: '',
  };
  const formulario = useForm<LimiteDestinoTramitaFormulario, unknown, LimiteDestinoTramita>({
    resolver: zodResolver(limiteDestinoTramitaSchema),
    defaultValues: vazio,
  });
  const { control, setError, reset } = formulario;
  /** The limit being edited (the form then saves it with PUT), or null for a new one. */
  const [editando, setEditando] = useState<number | null>(null);
  const pararEdicao = () => {
    setEditando(null);
    reset(vazio);
  };
  const editar = (limite: MapeamentosTramita['limites'][number]) => {
    setEditando(limite.id);
    reset({
      idRepositorio: limite.idRepositorio,
      numeroEstrutura: limite.numeroEstrutura === null ? '' : String(limite.numeroEstrutura),
      tamanhoMaximoMb: limite.tamanhoMaximoMb === null ? '' : String(limite.tamanhoMaximoMb),
      extensoesRecusadas: limite.extensoesRecusadas.join(', '),
      observacao: limite.observacao ?? '',
    });
    formulario.setFocus('tamanhoMaximoMb');
  };
  const salvarFormulario = useSalvarFormulario(CAMPOS_LIMITE, setError, {
    ...SALVAMENTO,
    sucesso: M.limiteSalvo,
  });
  const repositorios = dados.repositorios.map((r) => ({
    valor: r.id,
    rotulo: `${r.nome} (${r.id})`,
    desabilitada: !r.ativo,
  }));

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.ajudaLimites}
      </Typography>
      <Formulario
        formulario={formulario}
        aria-labelledby={`${id}-novo`}
        aoEnviar={(valores) =>
          salvarFormulario(
            () =>
              alterar.mutateAsync(
                editando === null
                  ? { metodo: 'POST', caminho: 'limites', corpo: valores }
                  : { metodo: 'PUT', caminho: `limites/${editando}`, corpo: valores },
              ),
            pararEdicao,
          )
        }
      >
        <Subtitulo id={`${id}-novo`}>{editando === null ? T.novoLimite : T.editandoLimite}</Subtitulo>
        <Stack sx={{ alignItems: { md: 'flex-start' } }} direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <CampoSelecaoControlado
            control={control}
            name="idRepositorio"
            id={`${id}-repositorio`}
            rotulo="Repositório"
            opcoes={repositorios}
            sx={{ flex: 2 }}
          />
          <CampoTextoControlado
            control={control}
            name="numeroEstrutura"
            id={`${id}-estrutura`}
            label="Número da estrutura"
            maxLength={10}
            atributosEntrada={{ inputMode: 'numeric' }}
            textoAjuda={T.ajudaEstruturaLimite}
            sx={{ flex: 1 }}
          />
          <CampoTextoControlado
            control={control}
            name="tamanhoMaximoMb"
            id={`${id}-tamanho`}
            label="Tamanho máximo (MB)"
            maxLength={4}
            atributosEntrada={{ inputMode: 'numeric' }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mt: 2 }}>
          <CampoTextoControlado
            control={control}
            name="extensoesRecusadas"
            id={`${id}-extensoes`}
            label="Extensões recusadas"
            maxLength={600}
            textoAjuda={T.ajudaExtensoes}
            sx={{ flex: 1 }}
          />
          <CampoTextoControlado
            control={control}
            name="observacao"
            id={`${id}-observacao`}
            label="Observação"
            maxLength={LIMITES_MAPEAMENTOS_TRAMITA.observacaoMaxima}
            sx={{ flex: 2 }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={editando === null ? <AddOutlined /> : <EditOutlined />}>
            {editando === null ? T.adicionarLimite : T.salvarLimite}
          </Button>
          {editando === null ? null : <Button onClick={pararEdicao}>{T.cancelarEdicao}</Button>}
        </Stack>
      </Formulario>
      <Subtitulo id={`${id}-lista`}>{T.limitesRegistrados}</Subtitulo>
      {dados.limites.length === 0 ? (
        <Typography color="text.secondary">{T.nenhumLimite}</Typography>
      ) : (
        <Tabela
          aria-labelledby={`${id}-lista`}
          data-testid="tabela-limites-tramita"
          colunas={[
            { rotulo: 'Destino', papel: 'titulo' },
            { rotulo: 'Tamanho máximo' },
            { rotulo: 'Extensões recusadas' },
            { rotulo: 'Observação' },
            { rotulo: 'Ações', rotuloOculto: true, papel: 'acoes' },
          ]}
        >
          {dados.limites.map((l) => {
            const destino = l.nomeEstrutura ? `${l.nomeEstrutura} — ${l.repositorio}` : `${l.repositorio} ${T.inteiro}`;
            return (
              <TableRow key={l.id}>
                <TableCell>{destino}</TableCell>
                <TableCell>{l.tamanhoMaximoMb === null ? '—' : `${l.tamanhoMaximoMb} MB`}</TableCell>
                <TableCell>
                  {l.extensoesRecusadas.length ? l.extensoesRecusadas.map((e) => `.${e}`).join(', ') : '—'}
                </TableCell>
                <TableCell>{l.observacao ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={T.editarLimite(destino)}>
                    <IconButton aria-label={T.editarLimite(destino)} onClick={() => editar(l)} size="small">
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <BotaoRemover
                    rotulo={T.removerLimite(destino)}
                    aoClicar={() =>
                      aoRemover({
                        descricao: T.descricaoRemoverLimite(destino),
                        alteracao: { metodo: 'DELETE', caminho: `limites/${l.id}` },
                      })
                    }
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </Tabela>
      )}
    </>
  );
}
