import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  type AlterarUsuarioAdministracao,
  MENSAGENS,
  PERMISSOES,
  type Permissao,
  permissaoSchema,
  type UsuarioAdministracao,
  validarUsuarioAdministracao,
} from '@tramite/shared';
import { useId, useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { CampoChaveControlado } from '../../components/formulario/CampoChaveControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { type TextosSalvamento, useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { mensagemComDetalhe } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { consultaUnidadesProcedencia } from '../documentos/api';
import { useAlterarUsuario } from './api';
import { PERMISSOES_ROTULADAS } from './textos';

const M = MENSAGENS.administracaoUsuarios;
const ID_TITULO = 'titulo-dialogo-usuario';
const SALVAMENTO: TextosSalvamento = { titulo: 'Salvando o usuário', sucesso: M.salvo, erro: M.erroSalvar };

const unidadeSchema = z.object({ id: z.number(), sigla: z.string(), nome: z.string(), ativa: z.boolean() });
type UnidadeOpcao = z.infer<typeof unidadeSchema>;

/** The same rules as the server's (shared), checked before sending. */
const formularioSchema = z
  .object({
    lotacoes: z.array(unidadeSchema),
    idUnidadeAtual: z.number().nullable(),
    permissoes: z.array(permissaoSchema),
    ativo: z.boolean(),
  })
  .superRefine((dados, contexto) => {
    const problema = validarUsuarioAdministracao({ ...dados, lotacoes: dados.lotacoes.map((unidade) => unidade.id) });
    if (problema) contexto.addIssue({ code: 'custom', path: [problema.campo], message: problema.mensagem });
  });
type Formulario = z.infer<typeof formularioSchema>;

const CAMPOS: readonly FieldPath<Formulario>[] = ['lotacoes', 'idUnidadeAtual', 'permissoes', 'ativo'];

const mesmosIds = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Only what the administrator changed is sent: another administrator's change to the other fields, made since this
 * dialog opened, is kept (the server applies each request to the user's state at that moment).
 */
function alteracaoDe(usuario: UsuarioAdministracao, dados: Formulario): AlterarUsuarioAdministracao {
  const lotacoes = dados.lotacoes.map((unidade) => unidade.id);
  return {
    ...(mesmosIds(
      lotacoes,
      usuario.lotacoes.map((unidade) => unidade.id),
    )
      ? {}
      : { lotacoes }),
    ...(dados.idUnidadeAtual === usuario.idUnidadeAtual ? {} : { idUnidadeAtual: dados.idUnidadeAtual }),
    ...(mesmosIds(dados.permissoes, usuario.permissoes) ? {} : { permissoes: dados.permissoes }),
    ...(dados.ativo === usuario.ativo ? {} : { ativo: dados.ativo }),
  };
}

const rotuloUnidade = (unidade: UnidadeOpcao) =>
  `${unidade.sigla} — ${unidade.nome}${unidade.ativa ? '' : ' (inativa)'}`;

interface DialogoUsuarioProps {
  aberto: boolean;
  usuario: UsuarioAdministracao | null;
  onFechar: () => void;
}

/** Edits one user's lotações, current unit, permissions and whether they are active. */
export function DialogoUsuario({ aberto, usuario, onFechar }: DialogoUsuarioProps) {
  return (
    <DialogoEdicao
      aberto={aberto}
      idTitulo={ID_TITULO}
      titulo={usuario ? `Usuário ${usuario.nome}` : 'Usuário'}
      aoFechar={onFechar}
    >
      {usuario ? <FormularioUsuario usuario={usuario} onFechar={onFechar} /> : null}
    </DialogoEdicao>
  );
}

/** What needs a confirmation before saving: deactivating someone, or taking permissions from oneself. */
interface Confirmacao {
  desativar: boolean;
  proprias: Permissao[];
  dados: Formulario;
}

function FormularioUsuario({ usuario, onFechar }: { usuario: UsuarioAdministracao; onFechar: () => void }) {
  const id = useId();
  const eu = useUsuario();
  const proprio = eu?.id === usuario.id;
  const alterar = useAlterarUsuario();
  const unidades = useQuery(consultaUnidadesProcedencia(true));
  useErroConsulta(unidades.error, (erro) =>
    mensagemComDetalhe(MENSAGENS.autuacao.erroCarregarUnidadesProcedencia, erro),
  );
  // Active units, plus the user's lotações in units closed since (they may stay).
  const opcoes = useMemo<UnidadeOpcao[]>(() => {
    const ativas = (unidades.data ?? []).filter((unidade) => unidade.ativa);
    const fechadas = usuario.lotacoes.filter((lotacao) => !ativas.some((unidade) => unidade.id === lotacao.id));
    return [
      ...ativas.map(({ id: idUnidade, sigla, nome }) => ({ id: idUnidade, sigla, nome, ativa: true })),
      ...fechadas,
    ];
  }, [unidades.data, usuario.lotacoes]);

  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<Formulario>({
    resolver: zodResolver(formularioSchema),
    defaultValues: {
      lotacoes: usuario.lotacoes,
      idUnidadeAtual: usuario.idUnidadeAtual,
      permissoes: usuario.permissoes,
      ativo: usuario.ativo,
    },
  });
  const lotacoes = useWatch({ control, name: 'lotacoes' });
  const salvarFormulario = useSalvarFormulario(CAMPOS, setError, SALVAMENTO);
  const [confirmacao, setConfirmacao] = useState<Confirmacao | null>(null);

  const salvar = (dados: Formulario) =>
    salvarFormulario(
      () => alterar.mutateAsync({ id: usuario.id, proprio, alteracao: alteracaoDe(usuario, dados) }),
      onFechar,
    );

  const enviar = handleSubmit((dados) => {
    const desativar = usuario.ativo && !dados.ativo;
    const proprias = proprio ? usuario.permissoes.filter((permissao) => !dados.permissoes.includes(permissao)) : [];
    if (desativar || proprias.length > 0) {
      setConfirmacao({ desativar, proprias, dados });
      return;
    }
    return salvar(dados);
  });

  /** The current unit follows the lotações: when it leaves them, the first one left takes its place. */
  const aoMudarLotacoes = (novas: UnidadeOpcao[]) => {
    setValue('lotacoes', novas, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    const atual = getValues('idUnidadeAtual');
    if (!novas.some((unidade) => unidade.id === atual)) {
      setValue('idUnidadeAtual', novas[0]?.id ?? null, { shouldValidate: formState.isSubmitted });
    }
  };

  return (
    <>
      <FormularioDialogo
        idTitulo={ID_TITULO}
        aoEnviar={enviar}
        aoCancelar={onFechar}
        enviando={formState.isSubmitting || alterar.isPending}
      >
        <Typography variant="body2" color="text.secondary">
          {usuario.username}
          {usuario.email ? ` · ${usuario.email}` : ''}
          {usuario.matriculaSiape ? ` · matrícula SIAPE ${usuario.matriculaSiape}` : ''}
        </Typography>
        <Controller
          name="lotacoes"
          control={control}
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              id={`${id}-lotacoes`}
              options={opcoes}
              value={field.value}
              onChange={(_evento, valor) => aoMudarLotacoes(valor)}
              onBlur={field.onBlur}
              getOptionLabel={rotuloUnidade}
              getOptionKey={(unidade) => unidade.id}
              getOptionDisabled={(unidade) => !unidade.ativa}
              isOptionEqualToValue={(opcao, outra) => opcao.id === outra.id}
              filterSelectedOptions
              loading={unidades.isLoading}
              loadingText="Carregando…"
              noOptionsText="Nenhuma unidade encontrada"
              data-testid="campo-lotacoes"
              renderValue={(valor, obterPropriedades) =>
                valor.map((unidade, indice) => {
                  const { key, ...propriedades } = obterPropriedades({ index: indice });
                  return <Chip key={key} label={unidade.sigla} title={unidade.nome} size="small" {...propriedades} />;
                })
              }
              renderInput={(parametros) => (
                <TextField
                  {...parametros}
                  inputRef={field.ref}
                  label="Lotações"
                  placeholder={field.value.length ? undefined : 'Digite a sigla ou o nome'}
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message ?? 'Unidades a que o usuário pertence.'}
                />
              )}
            />
          )}
        />
        <CampoSelecaoControlado
          control={control}
          name="idUnidadeAtual"
          id={`${id}-unidade-atual`}
          rotulo="Unidade atual"
          opcoes={lotacoes.map((unidade) => ({ valor: unidade.id, rotulo: rotuloUnidade(unidade) }))}
          textoAjuda="A unidade em que o usuário trabalha agora; uma das lotações."
          disabled={lotacoes.length === 0}
        />
        <Controller
          name="permissoes"
          control={control}
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">Permissões</FormLabel>
              <FormGroup>
                {PERMISSOES.map((permissao) => {
                  const { rotulo, explicacao } = PERMISSOES_ROTULADAS[permissao];
                  const idExplicacao = `${id}-${permissao}`;
                  // The server refuses it too: nobody takes this one from themselves.
                  const travada = proprio && permissao === 'ADMINISTRACAO_USUARIOS';
                  return (
                    <div key={permissao}>
                      <FormControlLabel
                        label={rotulo}
                        disabled={travada}
                        control={
                          <Checkbox
                            checked={field.value.includes(permissao)}
                            onChange={(_evento, marcada) =>
                              field.onChange(
                                marcada
                                  ? [...field.value, permissao]
                                  : field.value.filter((outra) => outra !== permissao),
                              )
                            }
                            slotProps={{ input: { 'aria-describedby': idExplicacao } }}
                          />
                        }
                      />
                      <FormHelperText id={idExplicacao} sx={{ mt: -0.5, mb: 1, ml: 4 }}>
                        {travada ? M.autoRemocaoAdministracao : explicacao}
                      </FormHelperText>
                    </div>
                  );
                })}
              </FormGroup>
            </FormControl>
          )}
        />
        <CampoChaveControlado
          control={control}
          name="ativo"
          rotulo="Ativo (pode entrar no sistema)"
          textoAjuda={proprio ? M.autoDesativacao : 'Desativado, o usuário é desconectado e não consegue mais entrar.'}
          desabilitado={proprio}
          testId="campo-ativo"
        />
      </FormularioDialogo>
      <DialogoConfirmacao
        aberto={confirmacao !== null}
        titulo={confirmacao?.desativar ? 'Desativar usuário' : 'Remover suas permissões'}
        rotuloConfirmar={confirmacao?.desativar ? 'Desativar' : 'Remover'}
        aoCancelar={() => setConfirmacao(null)}
        aoConfirmar={async () => {
          const dados = confirmacao?.dados;
          setConfirmacao(null);
          if (dados) await salvar(dados);
        }}
      >
        {confirmacao?.desativar ? (
          <p>
            {usuario.nome} será desconectado de todas as sessões abertas e não poderá mais entrar no sistema até ser
            reativado.
          </p>
        ) : null}
        {confirmacao?.proprias.length ? (
          <p>
            Você deixará de ter:{' '}
            {confirmacao.proprias.map((permissao) => PERMISSOES_ROTULADAS[permissao].rotulo).join(', ')}. Só outro
            administrador de usuários poderá devolvê-las.
          </p>
        ) : null}
      </DialogoConfirmacao>
    </>
  );
}
